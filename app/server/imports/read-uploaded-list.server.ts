import { getEnv } from "../env.server";
import { ImportError } from "./import-error.server";
import { formatFromName } from "./parse-release-list.server";
import { ListTooLargeError, readLimited, tooLargeError } from "./read-limited.server";

/** Room for the multipart envelope around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export type UploadedList = {
  bytes: Uint8Array;
  fileName: string;
  contentType: string | null;
};

/**
 * Reads the "Upload JSON" form's file (field `file`) without ever holding more
 * than IMPORT_MAX_BYTES: a declared Content-Length over the limit is refused
 * before reading, and the body is counted while it streams (a client may lie
 * or send no length). Only then is the form parsed, from the capped copy.
 * Call this instead of request.formData() in the upload action.
 */
export async function readUploadedList(request: Request, fieldName = "file"): Promise<UploadedList> {
  const maxBytes = getEnv().IMPORT_MAX_BYTES;
  const limit = maxBytes + FORM_OVERHEAD_BYTES;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLargeError(maxBytes);
  if (!request.body) throw new ImportError("Failed to read file: the upload was empty");

  const body = await readLimited(request.body as unknown as AsyncIterable<Uint8Array>, limit).catch((error: unknown) => {
    // The form's envelope is our allowance, not the administrator's: the message names their limit.
    throw error instanceof ListTooLargeError ? tooLargeError(maxBytes) : error;
  });
  let form: FormData;
  try {
    form = await new Response(body, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    throw new ImportError("Failed to read file: the upload is not a form with a file");
  }
  const file = form.get(fieldName);
  if (!(file instanceof File) || file.size === 0) throw new ImportError("Failed to read file: no file was chosen");
  if (file.size > maxBytes) throw tooLargeError(maxBytes);
  if (!formatFromName(file.name, file.type))
    throw new ImportError("Invalid File Type: Please upload a JSON file (or the registry's TXT list)");
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    fileName: file.name,
    contentType: file.type || null,
  };
}
