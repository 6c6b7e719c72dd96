// Just enough MIME to read what nodemailer sends: unfolded headers with
// RFC 2047 words, and multipart bodies in quoted-printable, base64 or 7bit.

export type ParsedMail = {
  headers: Map<string, string[]>;
  header(name: string): string | undefined;
  subject: string;
  text: string;
  html: string;
};

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw);
  const parts: { type: string; content: string }[] = [];
  collectParts(headers, body, parts);
  const header = (name: string) => headers.get(name.toLowerCase())?.[0];
  return {
    headers,
    header,
    subject: header("subject") ?? "",
    text: parts.find((part) => part.type === "text/plain")?.content ?? "",
    html: parts.find((part) => part.type === "text/html")?.content ?? "",
  };
}

function splitEntity(raw: string) {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), decodeWords(line.slice(colon + 1).trim())]);
  }
  return { headers, body };
}

function collectParts(headers: Map<string, string[]>, body: string, out: { type: string; content: string }[]) {
  const contentType = headers.get("content-type")?.[0] ?? "text/plain";
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return;
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const part = splitEntity(section.replace(/^\r?\n/, ""));
      collectParts(part.headers, part.body, out);
    }
    return;
  }
  const encoding = (headers.get("content-transfer-encoding")?.[0] ?? "7bit").toLowerCase();
  out.push({ type, content: decodeBody(body, encoding).replace(/\r\n/g, "\n").replace(/\n$/, "") });
}

function decodeBody(body: string, encoding: string) {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body.replace(/=\r?\n/g, ""));
  return body;
}

function decodeQuotedPrintable(value: string) {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index += 1) {
    const hex = value.slice(index + 1, index + 3);
    if (value[index] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(value[index], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Joins adjacent encoded words before decoding, since one character's bytes may span two words. */
function decodeWords(value: string) {
  const joined = value.replace(/(\?=)\s+(?==\?)/g, "$1");
  return joined.replace(/(?:=\?[^?]+\?[QqBb]\?[^?]*\?=)+/g, (run) => {
    const buffers = [...run.matchAll(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g)].map(([, kind, text]) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64")
        : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, " ")), "utf8"),
    );
    return Buffer.concat(buffers).toString("utf8");
  });
}
