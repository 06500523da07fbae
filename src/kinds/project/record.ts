/** A project as PostHog answers it (its field table's record, ./fields), under its kind's name as every kind's record is. */
export type { ProjectRecord as Project } from "./fields";
