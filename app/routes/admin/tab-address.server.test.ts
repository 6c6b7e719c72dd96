import { expect, it } from "vitest";
import { describeOutcome } from "~tests/security/support/call-route";
import { loadAs, setUpBackoffice } from "~tests/support/backoffice-routes";
import { describeEachEngine } from "~tests/setup/test-db";
import { loader as domainsLoader } from "./domains";
import { loader as importsLoader } from "./imports";
import { loader as layoutLoader } from "./layout";
import { loader as maintenanceLoader } from "./maintenance";
import { loader as premiumLoader } from "./premium";
import { loader as tabAddressLoader } from "./tab-address";
import { loader as usersLoader } from "./users";

describeEachEngine("the backoffice's addresses", ({ handle }) => {
  const PAGES: [string, (args: never) => unknown][] = [
    ["/admin", layoutLoader],
    ["/admin/domains", domainsLoader],
    ["/admin/premium", premiumLoader],
    ["/admin/users", usersLoader],
    ["/admin/imports", importsLoader],
    ["/admin/maintenance", maintenanceLoader],
  ];

  it("every page, the frame included, sends visitors and users to the home page and answers admins", async () => {
    const { user, admin } = await setUpBackoffice(handle());
    for (const [path, loader] of PAGES) {
      for (const cookie of [undefined, user.cookie]) expect(describeOutcome(await loadAs(loader, path, cookie)), path).toBe("302 → /");
      expect(describeOutcome(await loadAs(loader, path, admin.cookie)), path).toBe("200");
    }
  });

  it("/admin and /backoffice go to the Domains tab; the old ?tab= addresses to their tab, with their other parameters", async () => {
    const { user, admin } = await setUpBackoffice(handle());
    const cases = [
      ["/admin", "/admin/domains"],
      ["/backoffice", "/admin/domains"],
      ["/admin?tab=premium&q=katt&page=2", "/admin/premium?q=katt&page=2"],
      ["/backoffice?tab=users&page=2", "/admin/users?page=2"],
      ["/backoffice?tab=imports", "/admin/imports"],
      ["/admin?tab=maintenance", "/admin/maintenance"],
      ["/admin?q=hund&tld=.se&sort=name&dir=desc", "/admin/domains?q=hund&tld=.se&sort=name&dir=desc"],
      ["/admin?tab=domains&q=hund", "/admin/domains?q=hund"],
      ["/admin?tab=evil&q=hund", "/admin/domains?q=hund"],
    ];
    for (const [from, to] of cases) {
      expect(describeOutcome(await loadAs(tabAddressLoader, from, admin.cookie)), from).toBe(`302 → ${to}`);
      // Anyone else goes home at once, without learning where the backoffice's pages are.
      for (const cookie of [undefined, user.cookie]) expect(describeOutcome(await loadAs(tabAddressLoader, from, cookie)), from).toBe("302 → /");
    }
  });
});
