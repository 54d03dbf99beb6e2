"""A tournament's pages: the organizer's and the public ones, rounds and swaps, results by
hand, the exports, the wall and the table cards. Pairing and standings are calculator/pairing/."""
