import { expect, it } from "vitest";
import { describeEachEngine } from "~tests/setup/test-db";
import { enqueueEmail } from "./enqueue-email.server";
import { listOutbox } from "./list-outbox.server";

describeEachEngine("listOutbox", ({ handle }) => {
  it("pages the outbox newest first and filters by state", async () => {
    const { db } = handle();
    for (let index = 1; index <= 3; index += 1) {
      await enqueueEmail(db, { kind: "test", to: `n${index}@example.se`, subject: `Mail ${index}`, html: "<p>x</p>", text: `Text ${index}` });
    }
    await handle().query("update email_outbox set state = 'sent' where subject = 'Mail 1'");

    const first = await listOutbox(db, { pageSize: 2 });
    expect(first.total).toBe(3);
    expect(first.rows.map((row) => row.subject)).toEqual(["Mail 3", "Mail 2"]);
    expect(first.rows[0]).toMatchObject({ toAddress: "n3@example.se", text: "Text 3", state: "pending", attempts: 0 });
    expect((await listOutbox(db, { pageSize: 2, page: 2 })).rows.map((row) => row.subject)).toEqual(["Mail 1"]);
    expect(await listOutbox(db, { state: "sent" })).toMatchObject({ total: 1, rows: [{ subject: "Mail 1" }] });
    expect((await listOutbox(db, { pageSize: 10_000 })).pageSize).toBe(100);
  });
});
