import { afterEach, expect, it } from "vitest";
import { resetEnvForTests } from "../env.server";
import { readUploadedList } from "./read-uploaded-list.server";

function uploadRequest(file: File, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", file);
  return new Request("http://localhost/admin/imports/upload", { method: "POST", body: form, headers });
}

afterEach(() => {
  delete process.env.IMPORT_MAX_BYTES;
  resetEnvForTests();
});

it("reads the chosen file from the form", async () => {
  const body = '{"data":[]}';
  const upload = await readUploadedList(uploadRequest(new File([body], "lista.json", { type: "application/json" })));
  expect(upload).toMatchObject({ fileName: "lista.json", contentType: "application/json" });
  expect(Buffer.from(upload.bytes).toString()).toBe(body);
});

it("accepts the registry's .txt list", async () => {
  const upload = await readUploadedList(uploadRequest(new File(["a.se\t2030-01-01\n"], "bardate_domains.txt")));
  expect(upload.fileName).toBe("bardate_domains.txt");
});

it("refuses other file types with the spec's words", async () => {
  await expect(readUploadedList(uploadRequest(new File(["x"], "lista.csv", { type: "text/csv" })))).rejects.toThrow(
    "Invalid File Type: Please upload a JSON file (or the registry's TXT list)",
  );
});

it("refuses a form without a file", async () => {
  const request = new Request("http://localhost/", { method: "POST", body: new FormData() });
  await expect(readUploadedList(request)).rejects.toThrow("Failed to read file: no file was chosen");
});

it("refuses a declared size over the limit without reading the body", async () => {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(new Uint8Array(64 * 1024));
    },
  });
  const request = new Request("http://localhost/", {
    method: "POST",
    body,
    duplex: "half",
    headers: { "content-length": String(1024 ** 3), "content-type": "multipart/form-data; boundary=x" },
  } as RequestInit);
  await expect(readUploadedList(request)).rejects.toThrow("The list is larger than the import limit of 100 MB (IMPORT_MAX_BYTES).");
  expect(pulled).toBeLessThanOrEqual(1);
});

it("stops reading an endless body without a length as soon as it passes the limit", async () => {
  process.env.IMPORT_MAX_BYTES = String(256 * 1024);
  resetEnvForTests();
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      sent += 64 * 1024;
      controller.enqueue(new Uint8Array(64 * 1024));
    },
  });
  const request = new Request("http://localhost/", {
    method: "POST",
    body,
    duplex: "half",
    headers: { "content-type": "multipart/form-data; boundary=x" },
  } as RequestInit);
  await expect(readUploadedList(request)).rejects.toThrow("The list is larger than the import limit of 256 KB (IMPORT_MAX_BYTES).");
  expect(sent).toBeLessThan(1024 * 1024);
});
