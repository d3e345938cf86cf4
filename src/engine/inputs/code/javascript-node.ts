// Loose accessors over oxc's ESTree nodes. The walker reads a handful of fields by name; typing
// every node kind would cost more than it protects here.

export interface JsNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

export function isJsNode(value: unknown): value is JsNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string'
  );
}

export function jsChild(node: JsNode, key: string): JsNode | undefined {
  const value = node[key];
  return isJsNode(value) ? value : undefined;
}

/** Array-valued children; holes (`[, a]`) are skipped. */
export function jsChildren(node: JsNode, key: string): JsNode[] {
  const value = node[key];
  return Array.isArray(value) ? value.filter(isJsNode) : [];
}
