"""HTML reports: one self-contained page per result (report/page.py), built by the result's
own module here (tournament.py: EventsResult; simulation.py: SimResult); `result.to_html(path)`, `result._repr_html_()`
(the same page in a notebook) and `--html PATH` on the command line."""
