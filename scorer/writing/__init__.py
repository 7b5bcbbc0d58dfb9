"""Writing results out: text, JSON, JUnit, SARIF, GitHub annotations, explanations, HTML.

``verdict`` (the one verdict of a document as plain data, which every door renders),
``report`` (text and ``scorer-report/1`` JSON), ``formats`` (the batch writers: JUnit XML,
SARIF, GitHub, ...) and ``tally`` (their counts and ``--fail-on``), ``explain`` (scoring
items), ``html`` and ``reportpages`` (the static report site). Renders results the referee
built; never verifies anything itself.
"""
