"""Writing results out: text, JSON, JUnit, SARIF, GitHub annotations, explanations, HTML.

``report`` (text and ``scorer-report/1`` JSON), ``formats`` (JUnit XML, SARIF, GitHub),
``explain`` (scoring items), ``html`` and ``reportpages`` (the static report site). Renders
results the referee built; never verifies anything itself.
"""
