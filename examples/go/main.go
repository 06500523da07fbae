// A project, a feature flag and a dashboard in it, in Go: the program of the languages tier's Go end-to-end run
// (test/languages/packages.test.ts), whose declare() main_test.go runs under Pulumi's mocks.
package main

import (
	"github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthog"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(stack)
}

func stack(ctx *pulumi.Context) error {
	web, checkout, traffic, err := declare(ctx)
	if err != nil {
		return err
	}
	ctx.Export("projectId", web.ProjectId)
	ctx.Export("flagId", checkout.FlagId)
	ctx.Export("dashboardId", traffic.DashboardId)
	return nil
}

func declare(ctx *pulumi.Context) (*posthog.Project, *posthog.FeatureFlag, *posthog.Dashboard, error) {
	web, err := posthog.NewProject(ctx, "web", &posthog.ProjectArgs{
		Name: pulumi.String(config.Require(ctx, "projectName")),
	})
	if err != nil {
		return nil, nil, nil, err
	}
	checkout, err := posthog.NewFeatureFlag(ctx, "checkout", &posthog.FeatureFlagArgs{
		ProjectId: web.ProjectId,
		Key:       pulumi.String("new-checkout"),
		Filters: pulumi.Map{
			"groups": pulumi.Array{pulumi.Map{"properties": pulumi.Array{}, "rollout_percentage": pulumi.Int(20)}},
		},
	})
	if err != nil {
		return nil, nil, nil, err
	}
	traffic, err := posthog.NewDashboard(ctx, "traffic", &posthog.DashboardArgs{
		ProjectId: web.ProjectId,
		Name:      pulumi.String("Web traffic"),
	})
	return web, checkout, traffic, err
}
