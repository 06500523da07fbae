/** SessionRecordingPlaylist's example: the last week's recordings of rage clicks on checkout, pinned for the team. */
import type { KindExample } from "../../kit/example";

export const sessionRecordingPlaylistExample: KindExample = {
  name: "checkout-rage-clicks",
  inputs: {
    name: "Checkout rage clicks",
    description: "Sessions with rage clicks on the checkout pages, for the payments team's weekly review.",
    type: "filters",
    pinned: true,
    filters: {
      date_from: "-7d",
      filter_test_accounts: true,
      filter_group: {
        type: "AND",
        values: [
          {
            type: "AND",
            values: [
              { id: "$rageclick", type: "events", name: "$rageclick" },
              { key: "$current_url", type: "recording", value: ["/checkout"], operator: "icontains" },
            ],
          },
        ],
      },
    },
  },
};
