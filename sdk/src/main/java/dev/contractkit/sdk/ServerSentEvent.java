package dev.contractkit.sdk;

/**
 * One event of a {@code text/event-stream} response (the HTML Server-Sent Events format): what a generated client's
 * streaming operation yields, one per event, through an {@link EventStream}.
 *
 * <pre>{@code
 * try (EventStream events = client.watchPets().execute()) {
 *     for (ServerSentEvent e : events) {
 *         if (e.event().equals("pet")) System.out.println(e.id() + " " + e.data());
 *     }
 * }
 * }</pre>
 *
 * @param event the {@code event:} field; {@code "message"} when the event names none
 * @param id    the {@code id:} field, or null
 * @param data  the {@code data:} lines joined by a newline (often JSON: read it with your mapper)
 */
public record ServerSentEvent(String event, String id, String data) {
}
