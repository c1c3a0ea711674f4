package dev.contractkit.sdk;

/**
 * Auto-paging stopped because the server's pages do not advance: a page repeated the previous page's items, or a
 * {@code next} link pointed to a page already read. Walking on would loop forever (a stateless mock that answers
 * every page with the same example does this); its {@link #status()} is the status of the repeated page.
 *
 * <pre>{@code
 * try {
 *     forms.all(2).toList();
 * } catch (PagingStalledException e) {
 *     System.out.println(e.getMessage());   // "page at offset 2 repeats the page at offset 0: ..."
 * }
 * }</pre>
 */
public class PagingStalledException extends ApiException {
    /**
     * @param message which page repeated which
     */
    public PagingStalledException(String message) {
        super(200, message, "", null, null);
    }
}
