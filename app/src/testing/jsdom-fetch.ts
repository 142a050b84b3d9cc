/**
 * jsdom's File/Blob/FormData next to Node's fetch: Node cannot read a jsdom File's bytes (an upload would
 * send the text "undefined"). This wraps the global fetch so such bodies become Node's own, as a browser
 * would send them; supabase-js looks the global fetch up on every call, so the app's client goes through it.
 */

type NodeClasses = { FormData: typeof FormData; Blob: typeof Blob };
let nodeClasses: Promise<NodeClasses> | undefined;

/** Node's FormData and Blob, taken from what Node's Response builds (jsdom replaced the globals). */
function node(): Promise<NodeClasses> {
  nodeClasses ??= (async () => ({
    FormData: (await new Response(new URLSearchParams('a=b')).formData()).constructor as typeof FormData,
    Blob: (await new Response('').blob()).constructor as typeof Blob,
  }))();
  return nodeClasses;
}

async function toNodeBlob(blob: Blob): Promise<Blob> {
  const { Blob: NodeBlob } = await node();
  return new NodeBlob([await blob.arrayBuffer()], { type: blob.type });
}

async function toNodeBody(body: BodyInit | null | undefined): Promise<BodyInit | null | undefined> {
  if (body instanceof window.FormData) {
    const { FormData: NodeFormData } = await node();
    const converted = new NodeFormData();
    for (const [key, value] of body.entries()) {
      if (typeof value === 'string') converted.append(key, value);
      else converted.append(key, await toNodeBlob(value), value.name);
    }
    return converted;
  }
  if (body instanceof window.Blob) return toNodeBlob(body);
  return body;
}

export function bridgeJsdomBodies(): void {
  const inner = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) =>
    inner(input, init?.body ? { ...init, body: await toNodeBody(init.body) } : init);
}
