"""Questions the engine asks before it can score a deal: which equal sequence has the higher top
card, whose equal sequence is in trumps. The deal form shows them as questions to answer, in a
neutral style, not as mistakes to fix. They stay the form's errors (a deal with a question open
is not saved), told apart by their code."""

from django import forms

QUESTION = "question"
ASKED = frozenset({"sequence_top_card_needed", "sequence_in_trumps_needed"})


def problem_error(problem, message: str) -> forms.ValidationError:
    """The form's error for the engine's ``problem`` (its message given): a question or not."""
    return forms.ValidationError(message, code=QUESTION if problem.code in ASKED else None)


def is_question(error: forms.ValidationError) -> bool:
    return error.code == QUESTION


def questions(form) -> list[str]:
    """The questions the deal form asks, in the order of its fields."""
    if not form.is_bound:
        return []
    return [
        message
        for errors in form.errors.as_data().values()
        for error in errors
        if is_question(error)
        for message in error
    ]


def only_questions(field) -> bool:
    """Whether every error of the bound ``field`` is a question."""
    errors = field.form.errors.get(field.name)
    return bool(errors) and all(is_question(error) for error in errors.as_data())
