"""Constants of the study's design, in one place (Python, SQL parameters and checks read them here)."""

# An inclusion counts as fast when it lands within this many days of the paper's first submission;
# a cohort's outcome is known once this many days have passed after its last paper (censoring).
WINDOW_DAYS = 180
