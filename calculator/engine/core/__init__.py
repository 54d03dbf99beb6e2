"""What every game shares: teams and seats, cards, declarations and their comparison, problems
and steps, the match fold with its dealer rotation, the dict reader and the :class:`Game`
interface. Nothing here knows one game's contracts or scoring.
"""
