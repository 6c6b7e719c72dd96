-- The twin fold (app/domain/twins.ts, foldTwinLabel): a name's first label, decoded from its ACE
-- form (RFC 3492 Punycode) when it starts with xn--, with every accented letter folded to its base
-- letter: the Unicode canonical decomposition (NFD) with the combining marks U+0300–U+036F removed,
-- then the letters that do not decompose by the table below, then NFC. "xn--rksmrgs-5wao1o.se"
-- gives "raksmorgas". A test (app/server/zone/siblings-twins.server.test.ts) holds it equal to the
-- TypeScript fold over every letter .se and .nu take. It never raises, since it is computed as
-- delegations are written: a label whose deltas do not decode gives null (and has no twins).
-- One function with no call of another of ours, so a restore with an empty search_path can build
-- the index.
-- COST 1000: a decode costs far more than an operator, so the planner takes the index rather than
-- folding every IDN row of a small table.
CREATE FUNCTION zone_twin_fold(name text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 1000
  AS $$
DECLARE
  label text := split_part(lower(name), '.', 1);
  input text;
  last_hyphen int;
  pos int;
  output int[] := '{}';
  n bigint := 128;
  i bigint := 0;
  bias bigint := 72;
  old_i bigint;
  w bigint;
  k bigint;
  t bigint;
  digit int;
  c int;
  delta bigint;
  points int;
BEGIN
  IF left(label, 4) = 'xn--' THEN
    input := substr(label, 5);
    -- The basic code points come before the last hyphen; the deltas after it.
    last_hyphen := strpos(reverse(input), '-');
    IF last_hyphen > 0 THEN
      last_hyphen := length(input) - last_hyphen + 1;
      FOR pos IN 1 .. last_hyphen - 1 LOOP
        output := output || ascii(substr(input, pos, 1));
      END LOOP;
      pos := last_hyphen + 1;
    ELSE
      pos := 1;
    END IF;
    WHILE pos <= length(input) LOOP
      old_i := i;
      w := 1;
      k := 36;
      LOOP
        IF pos > length(input) THEN RETURN NULL; END IF;
        c := ascii(substr(input, pos, 1));
        pos := pos + 1;
        digit := CASE WHEN c BETWEEN 48 AND 57 THEN c - 22 WHEN c BETWEEN 97 AND 122 THEN c - 97 ELSE -1 END;
        IF digit < 0 THEN RETURN NULL; END IF;
        i := i + digit * w;
        t := CASE WHEN k <= bias THEN 1 WHEN k >= bias + 26 THEN 26 ELSE k - bias END;
        EXIT WHEN digit < t;
        w := w * (36 - t);
        k := k + 36;
        -- Far past any code point: garbage, and bigint must not overflow.
        IF i > 71303104 OR w > 71303104 THEN RETURN NULL; END IF;
      END LOOP;
      points := cardinality(output) + 1;
      delta := CASE WHEN old_i = 0 THEN (i - old_i) / 700 ELSE (i - old_i) / 2 END;
      delta := delta + delta / points;
      k := 0;
      WHILE delta > 455 LOOP
        delta := delta / 35;
        k := k + 36;
      END LOOP;
      bias := k + (36 * delta) / (delta + 38);
      n := n + i / points;
      i := i % points;
      IF n > 1114111 OR n BETWEEN 55296 AND 57343 THEN RETURN NULL; END IF;
      output := output[1:i] || n::int || output[i + 1:];
      i := i + 1;
    END LOOP;
    label := '';
    FOREACH c IN ARRAY output LOOP
      label := label || chr(c);
    END LOOP;
  END IF;
  label := regexp_replace(normalize(label, NFD), '[\u0300-\u036f]', '', 'g');
  -- TWIN_LETTERS in app/domain/twins.ts: ð đ ø ł ŋ ŧ ħ ı ʒ ǥ ŀ ĸ, then æ œ ß þ.
  label := translate(label, 'ðđøłŋŧħıʒǥŀĸ', 'ddolnthizglk');
  label := replace(replace(replace(replace(label, 'æ', 'ae'), 'œ', 'oe'), 'ß', 'ss'), 'þ', 'th');
  RETURN normalize(label, NFC);
END
$$;--> statement-breakpoint
-- Only IDN names are indexed (a few per cent of the zone): an ASCII label is its own fold.
CREATE INDEX "zone_delegations_twin_idx" ON "zone_delegations" USING btree (zone_twin_fold("name")) WHERE "zone_delegations"."name" like 'xn--%';
