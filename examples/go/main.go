// A PostHog project, a feature flag rolled out to a fifth of its users, and a dashboard, declared in Go.
package main

import (
	"github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthog"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		web, err := posthog.NewProject(ctx, "web", &posthog.ProjectArgs{
			Name: pulumi.String(config.Require(ctx, "projectName")),
		})
		if err != nil {
			return err
		}
		checkout, err := posthog.NewFeatureFlag(ctx, "checkout", &posthog.FeatureFlagArgs{
			ProjectId: web.ProjectId,
			Key:       pulumi.String("new-checkout"),
			Filters: pulumi.Map{
				"groups": pulumi.Array{pulumi.Map{"properties": pulumi.Array{}, "rollout_percentage": pulumi.Int(20)}},
			},
		})
		if err != nil {
			return err
		}
		traffic, err := posthog.NewDashboard(ctx, "traffic", &posthog.DashboardArgs{
			ProjectId: web.ProjectId,
			Name:      pulumi.String("Web traffic"),
		})
		if err != nil {
			return err
		}
		ctx.Export("projectId", web.ProjectId)
		ctx.Export("flagId", checkout.FlagId)
		ctx.Export("dashboardId", traffic.DashboardId)
		return nil
	})
}
