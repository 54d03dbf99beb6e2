"""The French games (classic belote, contrée, coinche): their deal form and their sentences."""
