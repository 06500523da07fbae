package main

import (
	"sync"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

// mocks answers each resource as the plugin would: its inputs, with the id output of its kind (PostHog's numeric id)
// beside them, and records what the program sent.
type mocks struct {
	mu     sync.Mutex
	inputs map[string]resource.PropertyMap // by resource type token
}

// Each kind's id output and the value the mocks give it.
var ids = map[string]struct {
	output string
	value  float64
}{
	"posthog:index:Project":     {"projectId", 42},
	"posthog:index:FeatureFlag": {"flagId", 7},
	"posthog:index:Dashboard":   {"dashboardId", 9},
}

func (m *mocks) NewResource(args pulumi.MockResourceArgs) (string, resource.PropertyMap, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.inputs[args.TypeToken] = args.Inputs
	outputs := args.Inputs.Copy()
	id := ids[args.TypeToken]
	outputs[resource.PropertyKey(id.output)] = resource.NewNumberProperty(id.value)
	return args.Name + "-id", outputs, nil
}

func (m *mocks) Call(pulumi.MockCallArgs) (resource.PropertyMap, error) {
	return resource.PropertyMap{}, nil
}

// The program under Pulumi's Go mocks: every resource by its token, the project's id wired into the flag and the
// dashboard, each input as the plugin receives it.
func TestStack(t *testing.T) {
	t.Setenv("PULUMI_CONFIG", `{"posthog-go:projectName":"Web (mocked)"}`)
	m := &mocks{inputs: map[string]resource.PropertyMap{}}
	var exports sync.Map
	err := pulumi.RunErr(func(ctx *pulumi.Context) error {
		web, checkout, traffic, err := declare(ctx)
		if err != nil {
			return err
		}
		for name, output := range map[string]pulumi.IntOutput{
			"projectId": web.ProjectId, "flagId": checkout.FlagId, "dashboardId": traffic.DashboardId,
		} {
			output.ApplyT(func(v int) int {
				exports.Store(name, v)
				return v
			})
		}
		return nil
	}, pulumi.WithMocks("posthog-go", "test", m))
	if err != nil {
		t.Fatal(err)
	}
	for token, id := range ids {
		if _, ok := m.inputs[token]; !ok {
			t.Errorf("no %s registered", token)
		}
		if got, _ := exports.Load(id.output); got != int(id.value) {
			t.Errorf("output %s = %v, want %v", id.output, got, id.value)
		}
	}
	projectID := ids["posthog:index:Project"].value
	if got := m.inputs["posthog:index:Project"]["name"]; got.StringValue() != "Web (mocked)" {
		t.Errorf("project name %v", got)
	}
	flag := m.inputs["posthog:index:FeatureFlag"]
	if flag["projectId"].NumberValue() != projectID || flag["key"].StringValue() != "new-checkout" {
		t.Errorf("flag inputs %v", flag)
	}
	rollout := flag["filters"].ObjectValue()["groups"].ArrayValue()[0].ObjectValue()["rollout_percentage"]
	if rollout.NumberValue() != 20 {
		t.Errorf("flag rollout %v", rollout)
	}
	if dashboard := m.inputs["posthog:index:Dashboard"]; dashboard["projectId"].NumberValue() != projectID || dashboard["name"].StringValue() != "Web traffic" {
		t.Errorf("dashboard inputs %v", dashboard)
	}
}
