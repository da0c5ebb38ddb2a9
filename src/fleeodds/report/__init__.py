"""Tables and charts of OutcomeTables, in English or French."""
