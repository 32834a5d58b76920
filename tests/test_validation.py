"""validation.describe_errors: the one way a configuration file's pydantic errors are told."""

from pydantic import BaseModel, ConfigDict, Field, StrictStr, ValidationError

from rl_inclusion.validation import describe_errors


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: StrictStr
    patterns: list[StrictStr] = Field(min_length=1)


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: list[_Entry] = []
    veto: StrictStr


def _error(doc):
    try:
        _File.model_validate(doc)
    except ValidationError as exc:
        return exc
    raise AssertionError("expected a validation error")


def test_unknown_keys_per_table_then_each_error_where_it_is():
    doc = {"kind": [{"name": "oom", "patterns": []}, {"patterns": ["a"], "extra": 1, "more": 2}], "colour": "red"}
    # the second entry has no name: '#2'; the file lacks veto
    assert describe_errors(_error(doc), doc) == (
        "kind #2: unknown keys ['extra', 'more']; unknown keys ['colour']; kind oom patterns: List should have at "
        "least 1 item after validation, not 0; kind #2 name: Field required; veto: Field required")


def test_a_caller_may_word_an_error_itself():
    doc = {"veto": 3}
    word = lambda err, where: f"{where!r} must be text" if err["type"] == "string_type" else None  # noqa: E731
    assert describe_errors(_error(doc), doc, word) == "'veto' must be text"
    assert describe_errors(_error(doc)) == "veto: Input should be a valid string"
