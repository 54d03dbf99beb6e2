from django.urls import path

from . import views

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
    path("m/<str:key>/export.json", views.match_export_json, name="export"),
    path("m/<str:key>/qr.svg", views.match_qr, name="qr"),
]
