from django.urls import path

from calculator.matches import deals, pages, rematch
from calculator.phone import views as phone
from calculator.tables import next_match
from calculator.tables import views as table_pages
from calculator.tournaments import organizer, public

app_name = "calculator"

urlpatterns = [
    path("m/<str:key>/", pages.match_page, name="match"),
    path("m/<str:key>/changes", pages.match_changes, name="changes"),
    path("m/<str:key>/deal/", deals.deal_new, name="deal-new"),
    path("m/<str:key>/deal/preview/", deals.deal_preview, name="deal-preview"),
    path("m/<str:key>/deal/<int:number>/", deals.deal_edit, name="deal-edit"),
    path("m/<str:key>/deal/<int:number>/delete/", deals.deal_delete, name="deal-delete"),
    path("m/<str:key>/all-passed/", deals.deal_all_passed, name="all-passed"),
    path("m/<str:key>/undo/", deals.deal_undo_view, name="undo"),
    path("m/<str:key>/next/", next_match.match_next_view, name="match-next"),
    path("m/<str:key>/rematch/", rematch.match_rematch, name="rematch"),
    path("m/<str:key>/sheet/", pages.match_sheet, name="sheet"),
    path("m/<str:key>/export.json", pages.match_export_json, name="export"),
    path("m/<str:key>/qr.svg", pages.match_qr, name="qr"),
    path("m/<str:key>/phone.json", phone.match_phone_copy, name="phone-copy"),
    path("t/<str:key>/", table_pages.table_page, name="table"),
    path("t/<str:key>/match/", table_pages.table_match_new, name="table-match"),
    path("t/<str:key>/add/", table_pages.table_match_add_view, name="table-add"),
    path("t/<str:key>/players/", table_pages.table_players_add_view, name="table-players"),
    path("t/<str:key>/player/<int:index>/", table_pages.table_player, name="table-player"),
    path("t/<str:key>/stats.json", table_pages.table_stats_json, name="table-stats"),
    path("t/<str:key>/deals.csv", table_pages.table_deals_csv, name="table-csv"),
    # Before "tn/<key>/": the organizer's key comes in the form's body, not the address.
    path("tn/cards/", public.tournament_cards, name="tournament-cards"),
    path("tn/<str:key>/", public.tournament_page, name="tournament"),
    path("tn/<str:key>/standings/", public.tournament_standings, name="standings"),
    path("tn/<str:key>/changes", public.tournament_changes, name="tournament-changes"),
    path(
        "tn/<str:key>/standings.json",
        public.tournament_standings_json,
        name="standings-json",
    ),
    path(
        "tn/<str:key>/standings.csv",
        public.tournament_standings_csv,
        name="standings-csv",
    ),
    path("tn/<str:key>/sheet/", public.tournament_sheet, name="tournament-sheet"),
    path("tn/<str:key>/tables/", public.tournament_tables, name="tournament-tables"),
    path("tn/<str:key>/pairs/", organizer.tournament_pairs_add_view, name="tournament-pairs"),
    path(
        "tn/<str:key>/pair/<int:pair>/withdraw/",
        organizer.tournament_pair_withdraw_view,
        name="tournament-withdraw",
    ),
    path(
        "tn/<str:key>/pair/<int:pair>/return/",
        organizer.tournament_pair_return_view,
        name="tournament-return",
    ),
    path("tn/<str:key>/round/", organizer.tournament_round_start_view, name="round-start"),
    path("tn/<str:key>/knockout/", organizer.tournament_knockout_view, name="knockout"),
    path(
        "tn/<str:key>/knockout/preview/",
        organizer.tournament_knockout_preview,
        name="knockout-preview",
    ),
    path(
        "tn/<str:key>/round/preview/",
        organizer.tournament_round_preview,
        name="round-preview",
    ),
    path(
        "tn/<str:key>/table/<int:table>/result/",
        organizer.tournament_hand_result_view,
        name="tournament-hand-result",
    ),
]
