import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from calculator import engine
from calculator.engine import GAMES, GAMES_TO_WIN, ContraTie, DeclarationComparison, RuleProfile

# The games a match can be of (calculator/engine/games.py), by the name the engine knows them.
GAME_CHOICES = [
    ("belot", _("Bulgarian belot")),
    ("classic", _("Classic belote")),
    ("contree", _("Contrée")),
    ("coinche", _("Coinche")),
]


def started_language() -> str:
    """The language a new match is started in: the page's (a field's default, so that every way
    a match is made records it), the site's default outside a request."""
    language = translation.get_language()
    spoken = {code for code, _name in settings.LANGUAGES}
    return language if language in spoken else settings.LANGUAGE_CODE


def new_key() -> str:
    """A share link's key: 144 random bits, URL-safe, 24 characters."""
    return secrets.token_urlsafe(18)


ROSTER_MAX = 16  # players a table's roster can hold


class Table(models.Model):
    """A group of friends who play together: its roster, its matches and their statistics.

    No accounts: like a match, a table is opened by its link. The keeper's key changes it (the
    roster, new matches); the view key only reads (the pages, stats.json, the CSV).
    """

    keeper_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    view_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    name = models.CharField(_("name of the table"), max_length=40)
    # The roster: player names, each cleaned like a match's (forms.clean_name) and unique.
    players = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self):
        return self.name

    def get_keeper_url(self):
        return reverse("calculator:table", args=[self.keeper_key])

    def get_view_url(self):
        return reverse("calculator:table", args=[self.view_key])


class Match(models.Model):
    """A series of games between two teams. Only inputs are stored; the engine derives the rest."""

    scorer_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    watch_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    # The game, chosen when the match is made; it never changes (its deals are that game's).
    game = models.CharField(_("game"), max_length=10, choices=GAME_CHOICES, default="belot")
    # A French game's house rules as its engine writes them (game.profile_to_dict), the target
    # included, which is also kept in ``target`` for the pages. Bulgarian belot's are the
    # columns below; this stays empty.
    house_rules = models.JSONField(null=True, blank=True, editable=False)
    team_a = models.CharField(_("first team"), max_length=40)
    team_b = models.CharField(_("second team"), max_length=40)
    player_1 = models.CharField(_("player 1 (team 1)"), max_length=40, blank=True)
    player_2 = models.CharField(_("player 2 (team 2)"), max_length=40, blank=True)
    player_3 = models.CharField(_("player 3 (team 1)"), max_length=40, blank=True)
    player_4 = models.CharField(_("player 4 (team 2)"), max_length=40, blank=True)
    first_dealer = models.PositiveSmallIntegerField(_("first dealer"), default=0)
    target = models.PositiveSmallIntegerField(_("target"), default=151)
    declaration_comparison = models.CharField(
        max_length=10,
        choices=[(c.value, c.value) for c in DeclarationComparison],
        default=DeclarationComparison.SEPARATE.value,
    )
    no_trumps_capot_doubled = models.BooleanField(default=False)
    contra_tie = models.CharField(
        max_length=16,
        choices=[(c.value, c.value) for c in ContraTie],
        default=ContraTie.ALL_HANG.value,
    )
    capot_cannot_end_game = models.BooleanField(default=True)
    # Played to this many won games (1, 2 or 3: best of 1, 3 or 5); none: games go on and on.
    games_to_win = models.PositiveSmallIntegerField(
        _("games to win"), null=True, blank=True, choices=[(n, str(n)) for n in GAMES_TO_WIN]
    )
    table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="matches"
    )
    # The finished match of the same table that this one is the "Next match" of: one next match
    # each, so that a second tap or a second phone opens the same one.
    follows = models.OneToOneField(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="next_match",
        editable=False,
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # The language the match was started in: its pages speak it to a watcher whose own
    # language the site does not speak (calculator/shared/language.py).
    language = models.CharField(max_length=8, default=started_language, editable=False)
    # Goes up by one with every write: a write names the version its scorer saw, and is refused
    # when the match has changed since (another phone, an older tab).
    version = models.PositiveIntegerField(default=0, editable=False)
    # The last write, if it can be taken back: deleting the last deal ({"action": "delete",
    # "number", "deal"}) or all passed ({"action": "all_passed", "number"}). It holds while the
    # match stays at the version that write made ({"version"}); any other write clears it.
    undo = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self):
        return f"{self.team_a} – {self.team_b}"

    @property
    def engine_game(self) -> engine.Game:
        return GAMES[self.game]

    @property
    def is_belot(self) -> bool:
        return self.game == "belot"

    @property
    def profile(self):
        """The house rules as the match's game reads them."""
        if not self.is_belot:
            return self.engine_game.profile_from_dict(self.house_rules or {})
        return RuleProfile(
            target=self.target,
            declaration_comparison=DeclarationComparison(self.declaration_comparison),
            no_trumps_capot_doubled=self.no_trumps_capot_doubled,
            contra_tie=ContraTie(self.contra_tie),
            capot_cannot_end_game=self.capot_cannot_end_game,
        )

    @property
    def players(self) -> list[str]:
        return [self.player_1, self.player_2, self.player_3, self.player_4]

    def fold(self, deals) -> engine.Match:
        """``deals`` (the engine's values) folded by the engine under this match's rules."""
        return self.engine_game.fold_match(
            self.profile, self.first_dealer, deals, self.games_to_win
        )

    def fold_on(self, fold: engine.Match, deals) -> engine.Match:
        """``fold`` (this match's, by :meth:`fold`) with ``deals`` after its own: the same as
        folding them all, without scoring the earlier deals again."""
        return self.engine_game.extend_match(fold, deals)

    def fold_corrected(self, fold: engine.Match, deals, index: int, deal) -> engine.Match:
        """``fold`` (this match's, of ``deals``) with deal ``index`` (from 0) corrected to
        ``deal``: the same as folding the corrected deals, without scoring the earlier ones
        again, nor the later ones that find the same points waiting."""
        return self.engine_game.correct_match(fold, deals, index, deal)

    def read_deal(self, data: dict):
        """A stored deal as the engine's value: Bulgarian belot's format version 1, a French
        game's version 2 (checked against the match's house rules)."""
        if self.is_belot:
            return engine.deal_from_dict(data)
        return self.engine_game.deal_from_dict(data, self.profile)

    def deal_data(self, deal) -> dict:
        """``deal`` as it is stored: the inverse of :meth:`read_deal`."""
        if self.is_belot:
            return engine.deal_to_dict(deal)
        return self.engine_game.deal_to_dict(deal)

    def result_by_hand(self) -> bool:
        """Whether this is a tournament table's match whose result the organizer entered by
        hand (the table kept the score on paper): no deal can be written to it then. The
        match's lookup by its key reads it with the row (``hand_result``,
        calculator/shared/access.py); any other row asks."""
        known = self.__dict__.get("hand_result")
        if known is not None:
            return bool(known)
        return TournamentTable.objects.filter(match=self, hand_points_a__isnull=False).exists()

    def round_closed(self) -> bool:
        """Whether this is a tournament table's match whose round is over: a later round of
        its tournament has started, paired on the results as they were, so no deal can be
        written to it any more. The match's lookup by its key reads it with the row
        (``later_round``, calculator/shared/access.py); any other row asks (a tournament's
        match only)."""
        known = self.__dict__.get("later_round")
        if known is not None:
            return bool(known)
        if "tournament_table_pk" in self.__dict__ and self.tournament_table_pk is None:
            return False
        table = TournamentTable.objects.filter(match=self).values_list(
            "round__tournament_id", "round__number"
        )
        for tournament, number in table:
            later = TournamentRound.objects.filter(tournament_id=tournament, number__gt=number)
            return later.exists()
        return False

    def tournament_place(self) -> "TournamentTable | None":
        """The tournament table this match is played at, with its round and its tournament;
        None for any other match. The match's lookup by its key reads whether there is one with
        the row (``tournament_table_pk``, calculator/shared/access.py): no other match asks."""
        if "tournament_table_pk" in self.__dict__ and self.tournament_table_pk is None:
            return None
        tables = TournamentTable.objects.select_related("round__tournament", "pair_a", "pair_b")
        return tables.filter(match=self).first()

    def get_scorer_url(self):
        return reverse("calculator:match", args=[self.scorer_key])

    def get_watch_url(self):
        return reverse("calculator:match", args=[self.watch_key])


class Deal(models.Model):
    """One deal as the scorer entered it, in the engine's format (docs/deal-format.md)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    data = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            # One deal per number: a double tap or a second phone cannot record it twice.
            models.UniqueConstraint(fields=["match", "number"], name="one_deal_per_number"),
        ]

    def __str__(self):
        return f"{self.match_id} #{self.number}"


class MatchSummary(models.Model):
    """What the statistics need of one match, taken from its engine fold (matches/summary.py).

    Kept per match and per version of the match: any write raises the version, so a corrected
    deal makes the summary stale, and the next statistics page folds that match again.
    """

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="summary"
    )
    version = models.PositiveIntegerField()
    data = models.JSONField()

    def __str__(self):
        return f"{self.match_id} v{self.version}"


# Tournaments: the pure part, pairing and standings, is calculator/pairing/.

SWISS, ROUND_ROBIN = "swiss", "round_robin"
FORMAT_CHOICES = [(SWISS, _("Swiss rounds")), (ROUND_ROBIN, _("Round robin"))]
# How large a tournament can be (docs/tournaments.md): far more than a night needs (8 to 40
# pairs, 5 to 9 rounds, 20 to 60 deals a match), and small enough that each of its pages costs
# a bounded time (docs/security.md, "Bounds on input").
PAIRS_MAX = 128  # pairs a tournament can hold
SWISS_ROUNDS_MAX = 15  # Swiss rounds (a knock-out of at most 4 rounds may follow them)
TABLE_DEALS_MAX = 500  # deals a tournament table's match can hold (a match: engine.MAX_DEALS)


class Tournament(models.Model):
    """A tournament of pairs: its rounds, each round's tables, each table a real Match.

    No accounts: the organizer's key changes it (pairs, rounds); the view key only reads (the
    standings, the list of tables). ``house_rules`` holds what every match of it is made with:
    a French game's profile dict, as ``Match.house_rules``, or Bulgarian belot's columns of a
    Match (``target``, ``declaration_comparison`` …).
    """

    keeper_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    view_key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    name = models.CharField(_("name of the tournament"), max_length=40)
    date = models.DateField(_("date"))
    game = models.CharField(_("game"), max_length=10, choices=GAME_CHOICES, default="belot")
    house_rules = models.JSONField(default=dict, editable=False)
    games_to_win = models.PositiveSmallIntegerField(
        _("a match is played to"), default=1, choices=[(1, "1"), (2, "2")]
    )
    format = models.CharField(_("format"), max_length=12, choices=FORMAT_CHOICES, default=SWISS)
    # The knock-out stage after the Swiss rounds, once the organizer starts it: the top
    # ``knockout_size`` of the standings, its first round numbered ``knockout_from``.
    knockout_size = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    knockout_from = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # Goes up with every write of the organizer (a pair added or withdrawn, a round started):
    # with its matches' versions, what the standings page polls (calculator/tournaments/public.py).
    version = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self):
        return self.name

    def get_keeper_url(self):
        return reverse("calculator:tournament", args=[self.keeper_key])

    def get_view_url(self):
        return reverse("calculator:tournament", args=[self.view_key])

    def match_fields(self) -> dict:
        """The fields of Match that every match of the tournament is made with."""
        fields = {"game": self.game, "games_to_win": self.games_to_win}
        if self.game == "belot":
            return {**fields, **self.house_rules}
        return {**fields, "house_rules": self.house_rules, "target": self.house_rules["target"]}

    @property
    def target(self) -> int:
        return self.house_rules.get("target", 151)

    @property
    def bye_points(self) -> int:
        """What a bye is worth (docs/tournaments.md): a walkover, the target for each game the
        match is played to, to 0."""
        return self.target * self.games_to_win


class TournamentPair(models.Model):
    """A pair of a tournament: its two players, its seed (the order it was entered in), the
    round it joined in and the first round it no longer plays, if it withdrew."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairs")
    seed = models.PositiveSmallIntegerField()
    player_1 = models.CharField(_("first player"), max_length=40)
    player_2 = models.CharField(_("second player"), max_length=40)
    first_round = models.PositiveSmallIntegerField(default=1)
    withdrawn_from = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["seed"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seed"], name="one_pair_per_seed"),
        ]

    def __str__(self):
        return self.name

    @property
    def name(self) -> str:
        return f"{self.player_1} & {self.player_2}"


class TournamentRound(models.Model):
    """A round of a tournament, once started: its tables and the pair with the bye."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    bye = models.ForeignKey(
        TournamentPair, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number"),
        ]

    def __str__(self):
        return f"{self.tournament_id} #{self.number}"


class TournamentTable(models.Model):
    """A table of a round: its number, its two pairs and the match they play there (pair A is
    the match's first team)."""

    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    pair_a = models.ForeignKey(TournamentPair, on_delete=models.PROTECT, related_name="+")
    pair_b = models.ForeignKey(TournamentPair, on_delete=models.PROTECT, related_name="+")
    match = models.OneToOneField(Match, on_delete=models.PROTECT, related_name="tournament_table")
    # A result the organizer entered by hand for a table that kept the score on paper: each
    # side's points and, in a best of 3, games won. It counts as the match's result (its
    # deals, if any are saved after it, no longer do: calculator/tournaments/services.py).
    hand_points_a = models.PositiveIntegerField(null=True, blank=True)
    hand_points_b = models.PositiveIntegerField(null=True, blank=True)
    hand_games_a = models.PositiveSmallIntegerField(null=True, blank=True)
    hand_games_b = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_match_per_table"),
        ]

    def __str__(self):
        return f"{self.round} table {self.number}"
