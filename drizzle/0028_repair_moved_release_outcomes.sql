-- Custom SQL migration file, put your code below! --
-- A soon-available name whose release date a list moved kept its row for the old date in
-- release_outcomes beside the new one: two releases of one name where there was one (the import
-- now moves the row, upsert-release-entries.server.ts). Each left-behind row (neither released nor
-- renewed, nor seen free or taken, for another date than the name's own, which has its row) goes;
-- its first listing day moves to the row that stays. Word classes an upsert left empty need no
-- step here: every start classifies the names stored without one (startWordClassFill).
update release_outcomes kept set listed_on = least(kept.listed_on, left_behind.listed_on)
  from (select o.domain_name, min(o.listed_on) as listed_on
          from release_outcomes o join domains d on d.name = o.domain_name
         where o.released_at is null and o.renewed_on is null and o.first_free_at is null and o.taken_at is null
           and o.release_date is distinct from d.release_date
           and exists (select 1 from release_outcomes c where c.domain_name = o.domain_name and c.release_date = d.release_date)
         group by o.domain_name) as left_behind, domains d
 where kept.domain_name = left_behind.domain_name and d.name = kept.domain_name and kept.release_date = d.release_date;
--> statement-breakpoint
delete from release_outcomes o
 using domains d
 where d.name = o.domain_name
   and o.released_at is null and o.renewed_on is null and o.first_free_at is null and o.taken_at is null
   and o.release_date is distinct from d.release_date
   and exists (select 1 from release_outcomes c where c.domain_name = o.domain_name and c.release_date = d.release_date);
