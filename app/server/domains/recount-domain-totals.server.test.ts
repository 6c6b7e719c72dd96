import { expect, it } from "vitest";
import { createDomains } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";
import { expectExact } from "~tests/support/list-totals";
import { recountDomainTotals } from "./totals.server";

describeEachEngine("recountDomainTotals", ({ handle }) => {
  it("puts every list and backoffice total right after domains was written with its triggers off", async () => {
    await createDomains(handle().db, [
      { name: "kvar-1.se", status: "soonavailable", releaseDate: "2030-03-01" },
      { name: "kvar-2.nu", status: "available", releaseDate: "2030-02-01" },
      { name: "räksmörgås.se", status: "premium", isFeatured: true, releaseDate: null },
    ]);
    // As a restore or a hand-made bulk write would: rows the triggers never saw, and a stray change row.
    await handle().query("alter table domains disable trigger user");
    await handle().query(
      `insert into domains (name, unicode_name, tld, status, length, release_date, name_chars)
       values ('tyst-1.se', 'tyst-1.se', '.se', 'soonavailable', 6, '2030-03-01', 7), ('tyst-22.nu', 'tyst-22.nu', '.nu', 'registered', 7, null, 7)`,
    );
    await handle().query("update domains set status = 'registered' where name = 'kvar-2.nu'");
    await handle().query("alter table domains enable trigger user");
    await handle().query(
      "insert into domain_filter_count_changes (tld, status, release_date, length, name_chars, n) values ('.se', 'unlisted', null, 3, 1, 7)",
    );
    await expect(expectExact(handle())).rejects.toThrow();

    expect(await recountDomainTotals(handle())).toBe(5);
    await expectExact(handle(), "after the recount");
    // The triggers keep counting from there.
    await createDomains(handle().db, [{ name: "efter-1.se", status: "available" }]);
    await expectExact(handle(), "after a write that the triggers saw");
  });
});
