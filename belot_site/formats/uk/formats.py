# "1 грудня 2026 р." (Django: "01 грудня 2026 р.").
DATE_FORMAT = "j E Y р."
