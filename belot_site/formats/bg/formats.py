# "1 декември 2026 г." (Django: "01 Декември 2026"; the month is lower-cased where shown).
DATE_FORMAT = "j E Y г."
