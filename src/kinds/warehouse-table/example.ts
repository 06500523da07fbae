/** WarehouseTable's example: order exports in Parquet in an S3 bucket, queried as `s3_orders`; its key a stack secret. */
import { type KindExample, secret } from "../../kit/example";

export const warehouseTableExample: KindExample = {
  name: "orders",
  inputs: {
    name: "s3_orders",
    format: "Parquet",
    urlPattern: "https://example-exports.s3.us-east-1.amazonaws.com/orders/*.parquet",
    credential: {
      access_key: secret("exportsBucketKeyId", "EXAMPLEKEYID0001"),
      access_secret: secret("exportsBucketSecret", "example-bucket-secret"),
    },
  },
};
