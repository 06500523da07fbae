/**
 * PostHog error bodies (posthog/exceptions.py `exception_handler`, over drf-exceptions-hog's
 * exceptions_hog/handler.py): `{type, code, detail, attr}` for every error, with the first error only, `invalid`
 * renamed to `invalid_input` and nested attributes joined with `__`.
 */

export type ErrorType = "validation_error" | "invalid_request" | "authentication_error" | "throttled_error" | "server_error";

export interface ErrorBody {
  type: ErrorType;
  code: string;
  detail: string;
  attr: string | null;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(status: number, body: ErrorBody, headers: Record<string, string> = {}) {
    super(body.detail);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

function err(status: number, type: ErrorType, code: string, detail: string, attr: string | null = null): ApiError {
  return new ApiError(status, { type, code: code === "invalid" ? "invalid_input" : code, detail, attr });
}

export const validationError = (detail: string, attr: string | null = null, code = "invalid_input"): ApiError =>
  err(400, "validation_error", code, detail, attr);

export const notFound = (detail = "Not found."): ApiError => err(404, "invalid_request", "not_found", detail);
export const endpointNotFound = (): ApiError => notFound("Endpoint not found.");
export const projectNotFound = (): ApiError => notFound("Project not found.");
export const organizationNotFound = (): ApiError => notFound("Organization not found.");

export const notAuthenticated = (status = 401): ApiError =>
  err(status, "authentication_error", "not_authenticated", "Authentication credentials were not provided.");
export const authenticationFailed = (detail: string, status = 401): ApiError =>
  err(status, "authentication_error", "authentication_failed", detail);
export const permissionDenied = (detail = "You do not have permission to perform this action."): ApiError =>
  err(403, "authentication_error", "permission_denied", detail);

export const methodNotAllowed = (method: string): ApiError =>
  err(405, "invalid_request", "method_not_allowed", `Method "${method}" not allowed.`);
export const parseError = (message: string): ApiError => err(400, "invalid_request", "parse_error", `JSON parse error - ${message}`);
/** A ParseError raised with PostHog's own message (e.g. a query its pydantic schema refuses). */
export const parseErrorDetail = (detail: string): ApiError => err(400, "invalid_request", "parse_error", detail);
export const unsupportedMediaType = (mediaType: string): ApiError =>
  err(415, "invalid_request", "unsupported_media_type", `Unsupported media type "${mediaType}" in request.`);
export const requestTooLarge = (): ApiError => err(413, "invalid_request", "request_too_large", "Request body too large.");
export const conflict = (detail: string): ApiError => err(409, "server_error", "conflict", detail);
/** EnterpriseFeatureException (posthog/exceptions.py): a plan lacks the feature; a self-hosted PostHog's wording. */
export const paymentRequired = (): ApiError =>
  err(
    402,
    "server_error",
    "payment_required",
    "This feature is part of the premium PostHog offering. Self-hosted licenses are no longer available for purchase. Please contact sales@posthog.com to discuss options.",
  );
export const serverError = (): ApiError => err(500, "server_error", "error", "A server error occurred.");

/** DRF `Throttled(wait)`: ceil, singular "second" for 1, `Retry-After` integer header. */
export function throttled(waitSeconds: number): ApiError {
  const wait = Math.max(1, Math.ceil(waitSeconds));
  const unit = wait === 1 ? "second" : "seconds";
  return new ApiError(
    429,
    { type: "throttled_error", code: "throttled", detail: `Request was throttled. Expected available in ${wait} ${unit}.`, attr: null },
    { "Retry-After": String(wait) },
  );
}
