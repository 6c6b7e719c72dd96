-- A fresh install offers the registry's two nightly release lists (see DOMAIN.md).
INSERT INTO "tld_imports" ("tld", "url") VALUES
  ('.se', 'https://data.internetstiftelsen.se/bardate_domains.json'),
  ('.nu', 'https://data.internetstiftelsen.se/bardate_domains_nu.json');
