/** `/_control/faults`, `/_control/throttle` and `/_control/requests`: the faults, throttle and log of the pipeline. */
import { z } from "zod";
import type { FaultSpec } from "../pipeline/faults";
import { json, noContent } from "../pipeline/http";
import type { ThrottleSettings } from "../pipeline/throttle";
import { ControlRequestError, parse, type ControlRoute } from "./route";

const faultSchema = z.strictObject({
  method: z.string().optional(),
  path: z.string().optional(),
  requestBody: z.string().optional(),
  count: z.number().int().min(1).optional(),
  status: z.number().int().min(100).max(599).optional(),
  body: z.unknown().optional(),
  retryAfter: z.number().min(0).optional(),
  delayMs: z.number().min(0).optional(),
  drop: z.boolean().optional(),
  afterCommit: z.boolean().optional(),
  midway: z.boolean().optional(),
});
export type FaultRequest = FaultSpec;
export interface FaultResponse {
  id: string;
}

const throttleSchema = z.strictObject({
  enabled: z.boolean(),
  perMinute: z.number().int().min(1).optional(),
  perHour: z.number().int().min(1).optional(),
  windowMs: z.number().int().min(1).optional(),
  perWindow: z.number().int().min(1).optional(),
});
export type ThrottleRequest = ThrottleSettings;

export const pipelineControlRoutes: ControlRoute[] = [
  {
    pattern: "/_control/faults",
    methods: {
      GET: (_r, _p, d) => json(200, d.faults.list()),
      POST: (req, _p, d) => {
        const spec = parse(faultSchema, req);
        try {
          const response: FaultResponse = { id: d.faults.add(spec).id };
          return json(201, response);
        } catch (e) {
          throw new ControlRequestError(400, e instanceof Error ? e.message : String(e));
        }
      },
      DELETE: (_r, _p, d) => {
        d.faults.clear();
        return noContent();
      },
    },
  },
  {
    pattern: "/_control/throttle",
    methods: {
      GET: (_r, _p, d) => json(200, d.throttle.describe()),
      PUT: (req, _p, d) => json(200, d.throttle.configure(parse(throttleSchema, req))),
    },
  },
  {
    pattern: "/_control/requests",
    methods: {
      GET: (_r, _p, d) => json(200, d.log.list()),
      DELETE: (_r, _p, d) => {
        d.log.clear();
        return noContent();
      },
    },
  },
];
