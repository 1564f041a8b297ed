"""How an evaluation builds its Displays: one recipe per kind, one template.

A :class:`DisplayRecipe` names a Display class and reads the constructor's arrays
off the evaluation; :meth:`Evaluation.display` (the template) looks the recipe up,
checks the options, adds the arguments every Display of the task shares (the model
name, the class names) and constructs the Display. An evaluation class lists its
recipes in ``_display_recipes`` (kind -> recipe); its named methods
(``roc_display(name, ...)``) are one call of the template each. Adding a Display to
an evaluation is one recipe (and the Display class).
"""

import inspect
from typing import Callable, NamedTuple

__all__ = ["DisplayRecipe", "build_display"]


class DisplayRecipe(NamedTuple):
    """How an evaluation builds one kind of Display.

    ``display`` is the class's name in :mod:`evalplots.display`. ``arrays(evaluation,
    name, **options)`` returns the constructor's arguments read off the evaluation's
    stored arrays; its keyword-only parameters are the kind's options. ``shared``
    names the constructor arguments the evaluation fills alike for every Display
    (``Evaluation._display_arguments``: ``'name'``, and per task e.g. ``'pos_label'``
    or ``'display_labels'``).
    """

    display: str
    arrays: Callable
    shared: tuple = ()

    @property
    def options(self):
        """The options of the kind: the keyword-only parameters of ``arrays``."""
        return tuple(p.name for p in inspect.signature(self.arrays).parameters.values()
                     if p.kind is p.KEYWORD_ONLY)


def build_display(recipe, arguments):
    """The Display of ``recipe`` constructed from ``arguments`` (not drawn)."""
    # evalplots.display imports matplotlib, slow to load: it is loaded when the
    # first Display is built, so that importing an evaluation does not load it
    import evalplots.display

    return getattr(evalplots.display, recipe.display)(**arguments)
