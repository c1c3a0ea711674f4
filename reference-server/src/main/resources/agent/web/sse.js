// Server-sent events over fetch: POST /api/agent answers text/event-stream, which EventSource cannot request
// (it only sends GET), and the re-attach (GET .../runs/{runId}/events) needs the kit token in a header, which
// EventSource cannot send either. Parses the stream as the HTML standard's SSE rules say and yields each event's
// data parsed as JSON (every AG-UI event is one `data:` JSON object) with its `id:` (the event's sequence number
// in its run, what Last-Event-ID resumes from).

/**
 * @param {ReadableStream<Uint8Array>} body the response body
 * @returns {AsyncGenerator<{id: string|null, event: object}>} the events, in order, as they arrive
 */
export async function* sseEvents(body) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let data = [];
  let id = null;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        return; // an event without its closing blank line is incomplete: dropped, as the standard says
      }
      buffer += value;
      let line;
      while ((line = nextLine()) !== null) {
        if (line === '') {
          if (data.length > 0) {
            const text = data.join('\n');
            const eventId = id;
            data = [];
            id = null;
            yield { id: eventId, event: JSON.parse(text) };
          }
        } else if (!line.startsWith(':')) {
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          let val = colon < 0 ? '' : line.slice(colon + 1);
          if (val.startsWith(' ')) {
            val = val.slice(1);
          }
          if (field === 'data') {
            data.push(val);
          } else if (field === 'id' && !val.includes('\0')) {
            id = val;
          }
        }
      }
    }
  } finally {
    reader.releaseLock();
  }

  // the next complete line (CRLF, LF or CR), or null; a CR at the very end waits for a possible LF
  function nextLine() {
    const m = /\r\n|\n|\r/.exec(buffer);
    if (m === null || (m[0] === '\r' && m.index === buffer.length - 1)) {
      return null;
    }
    const line = buffer.slice(0, m.index);
    buffer = buffer.slice(m.index + m[0].length);
    return line;
  }
}
