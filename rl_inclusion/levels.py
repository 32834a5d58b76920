"""Integration levels, strongest first: the one home of their names and their order.

``mentioned`` (docs only) is a level of evidence but never of an inclusion.
"""

LEVELS = ("default", "selectable algorithm", "configuration option", "experimental", "example", "mentioned")
INCLUSION_LEVELS = LEVELS[:-1]
LEVEL_RANK = {level: i for i, level in enumerate(LEVELS)}   # 0 is the strongest
