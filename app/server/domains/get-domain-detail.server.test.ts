import { expect, it } from "vitest";
import { insertDomain } from "~tests/factories/domain-detail";
import { describeEachEngine } from "~tests/setup/test-db";
import { getDomainDetail } from "./detail.server";

describeEachEngine("getDomainDetail", ({ handle }) => {
  it("reads a name by its ACE form with every field the page shows", async () => {
    const db = handle().db;
    await insertDomain(db, "räksmörgås.se", {
      status: "premium",
      isFeatured: true,
      price: 25_000,
      description: "Ett klassiskt namn.",
      releaseDate: null,
      score: 77,
    });

    const detail = await getDomainDetail(db, "xn--rksmrgs-5wao1o.se");

    expect(detail).toMatchObject({
      name: "xn--rksmrgs-5wao1o.se",
      unicodeName: "räksmörgås.se",
      tld: ".se",
      status: "premium",
      isFeatured: true,
      length: 10,
      score: 77,
      price: 25_000,
      description: "Ett klassiskt namn.",
      releaseDate: null,
      registrationDate: null,
    });
    expect(new Date(detail!.updatedAt).getTime()).not.toBeNaN();
  });

  it("returns null for a name the database does not know", async () => {
    expect(await getDomainDetail(handle().db, "finnsinte.se")).toBeNull();
  });

  it("keeps release and registration dates as plain dates", async () => {
    const db = handle().db;
    await insertDomain(db, "hund.nu", { status: "registered", releaseDate: "2025-03-01", registrationDate: "2025-03-02" });
    const detail = await getDomainDetail(db, "hund.nu");
    expect(detail).toMatchObject({ releaseDate: "2025-03-01", registrationDate: "2025-03-02", status: "registered" });
  });
});
