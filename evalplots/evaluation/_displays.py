"""How an evaluation builds its Displays: one template, one short method per kind.

Each ``<kind>_display(name, ...)`` method of an evaluation is decorated with
:func:`display_factory` and only reads the model's stored arrays, returning them as
the Display constructor's arguments; the template does the rest for every kind:
it adds the arguments the Displays of the task share (the model name, the class
names: ``Evaluation._display_arguments``), each to the Displays whose constructor
takes it, and constructs the Display. :meth:`Evaluation.display` and
``display_kinds`` find the kinds by these methods, so adding a Display to an
evaluation is one decorated method (and the Display class).
"""

import functools
import inspect

__all__ = ["display_factory"]


def display_factory(display):
    """Decorator: the method returns the Display ``display`` (a class name in
    :mod:`evalplots.display`), not yet drawn, built from the arguments it returns
    and the evaluation's shared ones (the returned arguments win)."""

    def decorate(arrays):
        @functools.wraps(arrays)
        def build(self, name, **options):
            arguments = arrays(self, name, **options)
            # evalplots.display imports matplotlib, slow to load: it is loaded when
            # the first Display is built, so that importing an evaluation does not
            import evalplots.display

            cls = getattr(evalplots.display, display)
            taken = inspect.signature(cls).parameters
            shared = {key: value for key, value in self._display_arguments(name).items()
                      if key in taken}
            return cls(**{**shared, **arguments})

        return build

    return decorate
