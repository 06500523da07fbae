module posthog-go

go 1.26.6

require github.com/pulumi-posthog/pulumi-posthog/sdk v0.0.0

// The Go SDK of this checkout; outside it, require a released version instead.
replace github.com/pulumi-posthog/pulumi-posthog/sdk => ../../sdk
