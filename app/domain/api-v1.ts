// The public API, version 1 (docs/api.md): the shapes of its answers, defined
// once here. The routes answer with them and the OpenAPI document
// (/api/v1/openapi.json) is generated from them.
import { z } from "zod";
import { exportRowSchema } from "./export-rows";

export const API_MAX_LIMIT = 1_000;
export const API_DEFAULT_LIMIT = 100;

export const domainPageSchema = z
  .object({
    data: z.array(exportRowSchema),
    nextCursor: z.string().nullable().meta({ description: "Give it as `cursor` for the next page; null on the last page." }),
  })
  .meta({ id: "DomainPage" });

export const domainEventSchema = z
  .object({
    at: z.iso.datetime(),
    type: z.string().meta({ description: "What happened: imported, status_changed, released, …" }),
    fromStatus: z.string().nullable(),
    toStatus: z.string().nullable(),
  })
  .meta({ id: "DomainEvent", description: "One thing that happened to the name; never who did it." });

export const domainDetailSchema = z
  .object({
    domain: exportRowSchema.extend({ description: z.string().nullable() }),
    history: z.array(domainEventSchema).meta({ description: "Newest first, at most 50." }),
  })
  .meta({ id: "DomainDetail" });

/** RFC 9457 problem details, the body of every error. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string().optional(),
  })
  .meta({ id: "Problem" });

export type Problem = z.infer<typeof problemSchema>;
