// The official AG-UI event schemas, in one place for the kit's scripts.
export { EventSchemas } from "@ag-ui/core/schemas";
export { EventType } from "@ag-ui/core";
