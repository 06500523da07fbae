/** ExternalDataSource's example: a Stripe account's customers and invoices synced into the warehouse, its key a stack secret. */
import { type KindExample, secret } from "../../kit/example";

export const externalDataSourceExample: KindExample = {
  name: "billing",
  inputs: {
    sourceType: "Stripe",
    prefix: "billing",
    jobInputs: { stripe_secret_key: secret("stripeKey", "rk_test_example"), stripe_account_id: "acct_example" },
    schemas: [
      { name: "Customer", should_sync: true, sync_type: "full_refresh" },
      { name: "Invoice", should_sync: true, sync_type: "full_refresh" },
    ],
  },
};
