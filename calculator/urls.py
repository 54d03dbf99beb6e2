from django.urls import path

from . import rematch, table_views, tournament_views, views

app_name = "calculator"

urlpatterns = [
    path("m/<str:key>/", views.match_page, name="match"),
    path("m/<str:key>/changes", views.match_changes, name="changes"),
    path("m/<str:key>/deal/", views.deal_new, name="deal-new"),
    path("m/<str:key>/deal/preview/", views.deal_preview, name="deal-preview"),
    path("m/<str:key>/deal/<int:number>/", views.deal_edit, name="deal-edit"),
    path("m/<str:key>/deal/<int:number>/delete/", views.deal_delete, name="deal-delete"),
    path("m/<str:key>/all-passed/", views.deal_all_passed, name="all-passed"),
    path("m/<str:key>/undo/", views.deal_undo_view, name="undo"),
    path("m/<str:key>/next/", views.match_next_view, name="match-next"),
    path("m/<str:key>/rematch/", rematch.match_rematch, name="rematch"),
    path("m/<str:key>/sheet/", views.match_sheet, name="sheet"),
    path("m/<str:key>/export.json", views.match_export_json, name="export"),
    path("m/<str:key>/qr.svg", views.match_qr, name="qr"),
    path("t/<str:key>/", table_views.table_page, name="table"),
    path("t/<str:key>/match/", table_views.table_match_new, name="table-match"),
    path("t/<str:key>/add/", table_views.table_match_add_view, name="table-add"),
    path("t/<str:key>/players/", table_views.table_players_add_view, name="table-players"),
    path("t/<str:key>/player/<int:index>/", table_views.table_player, name="table-player"),
    path("t/<str:key>/stats.json", table_views.table_stats_json, name="table-stats"),
    path("t/<str:key>/deals.csv", table_views.table_deals_csv, name="table-csv"),
    # Before "tn/<key>/": the organizer's key comes in the form's body, not the address.
    path("tn/cards/", tournament_views.tournament_cards, name="tournament-cards"),
    path("tn/<str:key>/", tournament_views.tournament_page, name="tournament"),
    path("tn/<str:key>/standings/", tournament_views.tournament_standings, name="standings"),
    path("tn/<str:key>/changes", tournament_views.tournament_changes, name="tournament-changes"),
    path(
        "tn/<str:key>/standings.json",
        tournament_views.tournament_standings_json,
        name="standings-json",
    ),
    path(
        "tn/<str:key>/standings.csv",
        tournament_views.tournament_standings_csv,
        name="standings-csv",
    ),
    path("tn/<str:key>/sheet/", tournament_views.tournament_sheet, name="tournament-sheet"),
    path("tn/<str:key>/tables/", tournament_views.tournament_tables, name="tournament-tables"),
    path(
        "tn/<str:key>/pairs/", tournament_views.tournament_pairs_add_view, name="tournament-pairs"
    ),
    path(
        "tn/<str:key>/pair/<int:pair>/withdraw/",
        tournament_views.tournament_pair_withdraw_view,
        name="tournament-withdraw",
    ),
    path(
        "tn/<str:key>/pair/<int:pair>/return/",
        tournament_views.tournament_pair_return_view,
        name="tournament-return",
    ),
    path("tn/<str:key>/round/", tournament_views.tournament_round_start_view, name="round-start"),
    path("tn/<str:key>/knockout/", tournament_views.tournament_knockout_view, name="knockout"),
    path(
        "tn/<str:key>/knockout/preview/",
        tournament_views.tournament_knockout_preview,
        name="knockout-preview",
    ),
    path(
        "tn/<str:key>/round/preview/",
        tournament_views.tournament_round_preview,
        name="round-preview",
    ),
    path(
        "tn/<str:key>/table/<int:table>/result/",
        tournament_views.tournament_hand_result_view,
        name="tournament-hand-result",
    ),
]
