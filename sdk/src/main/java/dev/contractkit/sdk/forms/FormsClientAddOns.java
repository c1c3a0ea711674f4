package dev.contractkit.sdk.forms;

import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.forms.model.Form;
import dev.contractkit.sdk.forms.model.FormEnvelope;
import dev.contractkit.sdk.forms.model.FormList;
import dev.contractkit.sdk.internal.Pages;

import java.util.List;
import java.util.stream.Stream;

/**
 * What {@link FormsClient} (generated from {@code specs/openapi/forms.yaml}) adds to the contract's operations: the
 * page size limit and, for one release, the names the hand-written client had. The generated client implements
 * this interface; its default methods call the generated operations.
 *
 * <pre>{@code
 * FormsClient forms = FormsClient.builder().baseUrl("http://127.0.0.1:8081").apiKey("kit-demo-forms-key").build();
 * Form one = forms.getForm(1L).execute().getForm();
 * forms.listFormsAutoPaging(FormsClient.MAX_PAGE_SIZE).forEach(f -> System.out.println(f.getTitle()));
 * }</pre>
 */
public interface FormsClientAddOns {
    /** The contract's page size limit. */
    int MAX_PAGE_SIZE = 100;

    /**
     * @param id the form's id
     * @return the call of {@code GET /forms/{id}} (generated)
     */
    Call<FormEnvelope> getForm(Long id);

    /**
     * @param count  page size
     * @param offset forms to skip
     * @return the call of {@code GET /forms} (generated)
     */
    Call<FormList> listForms(Integer count, Integer offset);

    /**
     * Reads one form.
     *
     * @param id the form's id
     * @return the form
     * @deprecated use {@code getForm(id)} (the contract's operation) and {@code getForm()} of its answer
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<Form> get(long id) {
        return getForm(id).map(FormEnvelope::getForm);
    }

    /**
     * Reads one page.
     *
     * @param count  page size, 1 to 100
     * @param offset forms to skip
     * @return the page's forms
     * @deprecated use {@code listForms(count, offset)} (the contract's operation) and {@code getForms()} of its answer
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<List<Form>> list(int count, int offset) {
        return listForms(count, offset).map(FormList::getForms);
    }

    /**
     * @return every form, fetched lazily 100 at a time
     * @deprecated use {@code listFormsAutoPaging(MAX_PAGE_SIZE)} (generated: by offset, until no {@code Link rel="next"})
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Stream<Form> all() {
        return all(MAX_PAGE_SIZE);
    }

    /**
     * @param pageSize forms per request, 1 to 100
     * @return every form, fetched lazily page by page (count/offset, until a short page)
     * @deprecated use {@code listFormsAutoPaging(pageSize)} (generated: by offset, until no {@code Link rel="next"})
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Stream<Form> all(int pageSize) {
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("pageSize must be 1.." + MAX_PAGE_SIZE + ", was " + pageSize);
        }
        return Pages.byOffset(pageSize, offset -> {
            List<Form> forms = listForms(pageSize, offset).execute().getForms();
            return forms == null ? List.of() : forms;
        });
    }
}
