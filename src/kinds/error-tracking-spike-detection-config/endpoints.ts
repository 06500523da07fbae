/**
 * A project's error tracking spike detection configuration (ErrorTrackingSpikeDetectionConfigViewSet,
 * products/error_tracking/backend/presentation/views/spike_detection_config.py; routed by products/error_tracking/
 * backend/presentation/urls.py): `GET …/error_tracking/spike_detection_config/` (its `list`, which answers the one
 * configuration and makes it on a project's first read, `get_or_create`) and `PATCH …/update_config/` (partial), both
 * answering it. Scope `error_tracking`.
 */
import * as objects from "../../client/project-objects";
import { errorTrackingSpikeDetectionConfigSchema } from "./record";

const config = objects.singleton(
  {
    path: "error_tracking/spike_detection_config",
    noun: "error tracking spike detection configuration",
    schema: errorTrackingSpikeDetectionConfigSchema,
    root: "environments",
  },
  { read: "", write: "update_config" },
);

export const getErrorTrackingSpikeDetectionConfig = config.read;

export const updateErrorTrackingSpikeDetectionConfig = config.write;

export const errorTrackingSpikeDetectionConfigEndpoints = config;
