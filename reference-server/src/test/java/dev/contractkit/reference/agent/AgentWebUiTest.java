package dev.contractkit.reference.agent;

import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The agent's web front end in real headless Chromium (Debian's {@code chromium} and {@code chromium-driver},
 * installed by {@code ./kit test}) against the real agent on a free port: a question streams a table, tool calls
 * and reasoning; Stop on a long run shows {@code canceling}, then the cancelled run; a reload restores the
 * conversation from the server's history, and a reload or a cut connection during a run re-attaches to it and
 * follows it to its end; an artifact's link serves the CSV. The files' HTTP behaviour (types,
 * caching, security headers, 304, 404) is checked without the browser.
 */
class AgentWebUiTest {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final String SLOW_SKILL = "skill-slow-walkthrough";

    @TempDir
    static Path dir;
    static KitServer server;
    static String base;
    static ChromeDriverService service;
    static WebDriver browser;
    static WebDriverWait wait;
    static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        server = KitServer.start(AgentHttp.settings(dir), List.of(Api.AGENT));
        base = server.url(Api.AGENT);
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            return; // the browser tests fail (CI) or skip themselves
        }
        service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--window-size=1280,1000",
                "--user-data-dir=" + Files.createDirectories(dir.resolve("chromium-profile")));
        browser = new ChromeDriver(service, options);
        wait = new WebDriverWait(browser, Duration.ofSeconds(30));
    }

    /** Browser tests need Debian's chromium: CI must have it (./kit test installs it), elsewhere they skip. */
    @BeforeEach
    void needsTheBrowser(TestInfo test) {
        if (!test.getTags().contains("browser") || browser != null) {
            return;
        }
        if ("true".equals(System.getenv("CI"))) {
            fail("chromium and chromium-driver are missing: ./kit test installs them (apt-get), CI must run it");
        }
        Assumptions.abort("skipped: no /usr/bin/chromium and /usr/bin/chromedriver; "
                + "./kit test installs them (Debian packages chromium, chromium-driver)");
    }

    /** Keeps what the browser showed at the end of each test in target/agent-web-ui/, for a look at the page. */
    @AfterEach
    void screenshot(TestInfo test) throws Exception {
        if (browser == null || !test.getTags().contains("browser")) {
            return;
        }
        Path png = Files.createDirectories(Path.of("target", "agent-web-ui"))
                .resolve(test.getTestMethod().orElseThrow().getName() + ".png");
        Files.write(png, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (service != null) {
            service.stop();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    @Tag("browser")
    void aQuestionStreamsAMarkdownTableWithItsToolCallsReasoningAndADownloadableCsv() throws Exception {
        open(newThread());
        ask("What is the revenue by region?");
        waitForState("completed");

        WebElement run = lastRun();
        assertThat(run.findElement(By.cssSelector(".msg.user .text")).getText()).isEqualTo("What is the revenue by region?");
        WebElement table = run.findElement(By.cssSelector(".answer table"));
        assertThat(table.findElements(By.cssSelector("thead th"))).extracting(WebElement::getText)
                .containsExactly("REGION", "REVENUE");
        assertThat(table.findElements(By.cssSelector("tbody tr td:first-child"))).extracting(WebElement::getText)
                .containsExactly("APAC", "EMEA", "LATAM", "NA");
        assertThat(run.findElement(By.cssSelector(".answer strong")).getText()).isEqualTo("Revenue by region");

        WebElement sql = run.findElement(By.cssSelector(".tool[data-tool-name='run_sql']"));
        assertThat(sql.getDomAttribute("data-state")).isEqualTo("done");
        sql.findElement(By.tagName("summary")).click();
        assertThat(sql.findElement(By.cssSelector(".tool-args")).getText()).contains("SELECT region, SUM(revenue)");
        assertThat(sql.findElement(By.cssSelector(".tool-result")).getText()).contains("\"APAC\"");
        assertThat(sql.findElement(By.cssSelector(".tool-note")).getText()).startsWith("4 rows in");
        assertThat(run.findElements(By.cssSelector(".tool"))).extracting(e -> e.getDomAttribute("data-tool-name"))
                .contains("inspect_schema", "run_sql");
        // the first reasoning says how it will go about it, the second (after the schema) the plan it chose
        assertThat(run.findElements(By.cssSelector(".reasoning-text"))).extracting(WebElement::getText)
                .hasSize(2).last().asString().contains("revenue per region");
        assertThat(run.findElement(By.cssSelector(".outcome")).getDomAttribute("data-outcome")).isEqualTo("success");

        WebElement link = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#artifacts a.artifact")));
        assertThat(link.getText()).isEqualTo("revenue_by_region.csv");
        HttpResponse<String> csv = HTTP.send(HttpRequest.newBuilder(URI.create(link.getDomProperty("href")))
                .header("Authorization", "Bearer " + AgentHttp.KIT_TOKEN).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(csv.statusCode()).isEqualTo(200);
        assertThat(csv.headers().firstValue("Content-Type").orElse("")).startsWith("text/csv");
        assertThat(csv.body()).startsWith("REGION,REVENUE\n").contains("APAC,");
    }

    @Test
    @Tag("browser")
    void stopOnALongRunShowsCancelingThenTheCancelledRunAndKeepsWhatHadStreamed() {
        open(newThread());
        new Select(browser.findElement(By.id("skill"))).selectByValue(SLOW_SKILL);
        ask("Revenue by product?");
        // the slow skill streams one piece a second: a table with rows while the answer is still busy is a stream
        // in progress (the four products' rows take three seconds more)
        wait.until(d -> !lastRun().findElements(By.cssSelector(".answer[aria-busy='true'] tbody tr")).isEmpty());
        recordStatusChanges();
        browser.findElement(By.id("stop")).click();
        waitForState("cancelled");

        assertThat(recordedStates()).containsSubsequence("canceling", "cancelled");
        assertThat(browser.findElement(By.id("status")).getText()).contains("cancelled");
        WebElement run = lastRun();
        assertThat(run.findElement(By.cssSelector(".outcome")).getDomAttribute("data-outcome")).isEqualTo("cancelled");
        assertThat(run.findElement(By.cssSelector(".outcome")).getText()).startsWith("Cancelled");
        assertThat(run.findElements(By.cssSelector(".answer tbody tr"))).as("rows streamed before Stop").hasSizeBetween(1, 3);
        assertThat(run.findElements(By.cssSelector(".answer[aria-busy]"))).isEmpty();
        assertThat(run.findElement(By.cssSelector(".meta")).getText()).contains("skill " + SLOW_SKILL);
        assertThat(browser.findElement(By.id("stop")).isEnabled()).isFalse();
        assertThat(browser.findElement(By.id("send")).isEnabled()).isTrue();
    }

    @Test
    @Tag("browser")
    void aReloadRestoresTheConversationFromTheServersHistoryWithoutRunningItAgain() throws Exception {
        String thread = newThread();
        open(thread);
        ask("Units by month?");
        waitForState("completed");
        new Select(browser.findElement(By.id("skill"))).selectByValue(SLOW_SKILL);
        ask("Revenue by region <b>now</b>?");
        wait.until(d -> d.findElement(By.id("stop")).isEnabled());
        browser.findElement(By.id("stop")).click();
        waitForState("cancelled");

        browser.navigate().refresh();
        wait.until(d -> d.findElement(By.id("status")).getText().equals("Restored 2 runs"));
        assertRestored(thread);

        // the thread id is kept in localStorage too: the bare address opens the same conversation
        browser.get(base + "/");
        wait.until(d -> d.findElement(By.id("status")).getText().equals("Restored 2 runs"));
        assertThat(browser.getCurrentUrl()).endsWith("?thread=" + thread);
        assertRestored(thread);
        HttpResponse<String> history = get("/api/v1/threads/" + thread + "/history");
        assertThat(history.body().split("\"type\":\"RUN_STARTED\"", -1)).as("runs stored after two reloads").hasSize(3);
    }

    @Test
    @Tag("browser")
    void aReloadDuringALiveRunReplaysItAndFollowsItToItsEnd() {
        String thread = newThread();
        open(thread);
        new Select(browser.findElement(By.id("skill"))).selectByValue(SLOW_SKILL);
        ask("Revenue by product?");
        // the slow skill paces a step a second: the first reasoning is there, the rest still to come
        wait.until(d -> !lastRun().findElements(By.cssSelector(".reasoning-text")).isEmpty());
        String runId = lastRun().getDomAttribute("data-run-id");
        assertThat(liveRun()).contains("\"runId\":\"" + runId + "\"", "\"threadId\":\"" + thread + "\"");

        browser.navigate().refresh();
        // the run is drawn again from the re-attach operation and followed: Stop works on it, new events arrive
        wait.until(d -> d.findElement(By.id("stop")).isEnabled());
        assertThat(browser.findElement(By.id("status")).getText()).doesNotContain("Still running");
        int tools = lastRun().findElements(By.cssSelector(".tool")).size();
        wait.until(d -> lastRun().findElements(By.cssSelector(".tool")).size() > tools);
        browser.findElement(By.id("stop")).click();
        waitForState("cancelled");

        List<WebElement> runs = browser.findElements(By.cssSelector("article.run"));
        assertThat(runs).hasSize(1);
        WebElement run = runs.get(0);
        assertThat(run.getDomAttribute("data-run-id")).isEqualTo(runId);
        assertThat(run.findElement(By.cssSelector(".msg.user .text")).getText()).isEqualTo("Revenue by product?");
        assertThat(run.findElement(By.cssSelector(".outcome")).getDomAttribute("data-outcome")).isEqualTo("cancelled");
        assertThat(run.findElements(By.cssSelector(".tool"))).extracting(e -> e.getDomAttribute("data-tool-call-id"))
                .as("every tool call drawn once").doesNotHaveDuplicates().hasSizeGreaterThan(tools);
        assertThat(run.findElement(By.cssSelector(".meta")).getText()).contains("skill " + SLOW_SKILL);
        assertThat(liveRun()).as("a run that ended is forgotten").isNull();
        assertThat(browser.findElement(By.id("send")).isEnabled()).isTrue();
    }

    @Test
    @Tag("browser")
    void aConnectionCutMidRunIsReattachedAndEveryEventIsDrawnOnce() throws Exception {
        try (CuttingProxy proxy = new CuttingProxy(base)) {
            String thread = newThread();
            open(proxy.url(), thread);
            new Select(browser.findElement(By.id("skill"))).selectByValue(SLOW_SKILL);
            ask("Revenue by region?");
            wait.until(d -> !lastRun().findElements(By.cssSelector(".reasoning-text")).isEmpty());
            recordStatusChanges();
            proxy.cut();
            int tools = lastRun().findElements(By.cssSelector(".tool")).size();
            wait.until(d -> lastRun().findElements(By.cssSelector(".tool")).size() > tools);
            assertThat(recordedStates()).as("the page said it re-attached").contains("reconnecting", "running");
            browser.findElement(By.id("stop")).click();
            waitForState("cancelled");

            WebElement run = lastRun();
            assertThat(browser.findElements(By.cssSelector("article.run"))).hasSize(1);
            assertThat(run.findElements(By.cssSelector(".reasoning-text"))).as("no reasoning drawn twice")
                    .extracting(WebElement::getText).doesNotHaveDuplicates();
            assertThat(run.findElements(By.cssSelector(".tool"))).extracting(e -> e.getDomAttribute("data-tool-call-id"))
                    .doesNotHaveDuplicates().hasSizeGreaterThan(tools);
            assertThat(run.findElement(By.cssSelector(".outcome")).getDomAttribute("data-outcome")).isEqualTo("cancelled");
        }
    }

    @Test
    @Tag("browser")
    void aRefusedRunShowsTheContractsErrorAndTheNextQuestionStillRuns() {
        open(newThread());
        ask("Revenue by region? password=hunter22");
        waitForState("failed");
        WebElement outcome = lastRun().findElement(By.cssSelector(".outcome"));
        assertThat(outcome.getDomAttribute("data-outcome")).isEqualTo("error");
        assertThat(outcome.getText()).startsWith("CREDENTIALS_NOT_ALLOWED: ").contains("credentials are not accepted");
        ask("Revenue by region?");
        waitForState("completed");
        assertThat(browser.findElements(By.cssSelector("article.run"))).hasSize(2);
    }

    @Test
    @Tag("browser")
    void theMarkdownRendererDrawsTablesAndNeverTurnsModelTextIntoMarkupOrScriptLinks() {
        open(newThread());
        String markdown = "**Top** <img src=x onerror=alert(1)> [click](javascript:alert(1)) [docs](https://example.org/x)\n\n"
                + "| name | note |\n|---|---:|\n| a \\| b | <script>x()</script> |\n";
        String html = (String) ((JavascriptExecutor) browser).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                import('./markdown.js').then(m => {
                  const box = document.createElement('div');
                  box.append(m.renderMarkdown(arguments[0]));
                  done(box.innerHTML);
                }, e => done('import failed: ' + e));
                """, markdown);
        assertThat(html).contains("<strong>Top</strong>", "&lt;img src=x onerror=alert(1)&gt;", "&lt;script&gt;x()&lt;/script&gt;")
                .doesNotContain("<img", "<script", "javascript:")
                .contains("<a href=\"https://example.org/x\" rel=\"noopener noreferrer\" target=\"_blank\">docs</a>")
                .contains("<th scope=\"col\">name</th>", "<td>a | b</td>", "text-align: right");
    }

    @Test
    @Tag("browser")
    void withoutTheTokenThePageAsksForItSaysWhereItIsAndCallsNoApiAndAWrongOneIsAskedAgain() {
        browser.get(base + "/index.html#token="); // an empty token is no token
        ((JavascriptExecutor) browser).executeScript("sessionStorage.clear()");
        String thread = newThread();
        browser.get(base + "/?thread=" + thread);
        WebElement prompt = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("token-prompt")));
        assertThat(prompt.getText()).contains("data/kit-token", "KIT_TOKEN", "#token=");
        assertThat(browser.findElement(By.id("main")).isDisplayed()).isFalse();
        assertThat(browser.switchTo().activeElement().getDomAttribute("id")).isEqualTo("token-input");
        @SuppressWarnings("unchecked")
        List<String> calls = (List<String>) ((JavascriptExecutor) browser).executeScript(
                "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/api/'));");
        assertThat(calls).as("API calls without the token").isEmpty();

        browser.findElement(By.id("token-input")).sendKeys(AgentHttp.KIT_TOKEN);
        browser.findElement(By.cssSelector("#token-form button")).click();
        wait.until(d -> "idle".equals(d.findElement(By.id("status")).getDomAttribute("data-state")));
        wait.until(d -> d.findElements(By.cssSelector("#skill option[value='" + SLOW_SKILL + "']")).size() == 1);
        assertThat(browser.findElement(By.id("token-prompt")).isDisplayed()).isFalse();
        assertThat(browser.findElement(By.id("thread-id")).getText()).isEqualTo(thread);

        browser.get(base + "/?thread=" + thread + "#token=not-the-token");
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("token-prompt")));
        assertThat(browser.findElement(By.id("token-reason")).getText()).contains("refused");
        assertThat(browser.getCurrentUrl()).doesNotContain("not-the-token");
    }

    private void assertRestored(String thread) {
        assertThat(browser.findElement(By.id("thread-id")).getText()).isEqualTo(thread);
        List<WebElement> runs = browser.findElements(By.cssSelector("article.run"));
        assertThat(runs).hasSize(2);
        assertThat(runs.get(0).findElement(By.cssSelector(".msg.user .text")).getText()).isEqualTo("Units by month?");
        assertThat(runs.get(0).findElements(By.cssSelector(".answer thead th"))).extracting(WebElement::getText)
                .containsExactly("SALE_MONTH", "UNITS");
        assertThat(runs.get(0).findElements(By.cssSelector(".tool"))).isNotEmpty();
        assertThat(runs.get(0).findElement(By.cssSelector(".outcome")).getDomAttribute("data-outcome")).isEqualTo("success");
        assertThat(runs.get(0).findElement(By.cssSelector(".run-artifacts a")).getText()).isEqualTo("units_by_sale_month.csv");
        assertThat(runs.get(1).findElement(By.cssSelector(".msg.user .text")).getText()).isEqualTo("Revenue by region <b>now</b>?");
        assertThat(runs.get(1).findElements(By.cssSelector(".msg.user b"))).as("the question is text, never markup").isEmpty();
        assertThat(runs.get(1).findElement(By.cssSelector(".outcome")).getDomAttribute("data-outcome")).isEqualTo("cancelled");
        assertThat(browser.findElements(By.cssSelector("#artifacts a.artifact"))).extracting(WebElement::getText)
                .containsExactly("units_by_sale_month.csv");
    }

    private static String newThread() {
        return "thread-ui-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static void open(String thread) {
        open(base, thread);
    }

    private static void open(String origin, String thread) {
        browser.get(origin + "/?thread=" + thread + "#token=" + AgentHttp.KIT_TOKEN);
        wait.until(d -> d.findElement(By.id("thread-id")).getText().equals(thread));
        assertThat(browser.getCurrentUrl()).as("the token leaves the address bar").endsWith("/?thread=" + thread);
        wait.until(d -> "idle".equals(d.findElement(By.id("status")).getDomAttribute("data-state")));
        // the skills list arrives with the page's first requests
        wait.until(d -> d.findElements(By.cssSelector("#skill option[value='" + SLOW_SKILL + "']")).size() == 1);
    }

    private static void ask(String question) {
        int before = browser.findElements(By.cssSelector("article.run")).size();
        WebElement box = browser.findElement(By.id("question"));
        box.sendKeys(question);
        browser.findElement(By.id("send")).click();
        wait.until(d -> d.findElements(By.cssSelector("article.run")).size() == before + 1);
    }

    private static WebElement lastRun() {
        List<WebElement> runs = browser.findElements(By.cssSelector("article.run"));
        return runs.get(runs.size() - 1);
    }

    private static void waitForState(String state) {
        wait.until(d -> state.equals(d.findElement(By.id("status")).getDomAttribute("data-state")));
    }

    /** @return this tab's sessionStorage entry of the run the page follows, or null */
    private static String liveRun() {
        return (String) ((JavascriptExecutor) browser).executeScript(
                "return sessionStorage.getItem('contract-kit.agent.liveRun');");
    }

    /** Every state the status line passes through from now on, however briefly it is shown. */
    private static void recordStatusChanges() {
        ((JavascriptExecutor) browser).executeScript("""
                const status = document.getElementById('status');
                window.kitStates = [];
                new MutationObserver(() => window.kitStates.push(status.dataset.state))
                    .observe(status, { attributes: true, attributeFilter: ['data-state'] });
                """);
    }

    @SuppressWarnings("unchecked")
    private static List<String> recordedStates() {
        return (List<String>) ((JavascriptExecutor) browser).executeScript("return window.kitStates;");
    }

    // ---------------------------------------------------------------- the files over HTTP, no browser needed

    static HttpResponse<String> get(String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
                .header("Authorization", "Bearer " + AgentHttp.KIT_TOKEN);
        if (headers.length > 0) {
            b.headers(headers);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theRootServesThePageWithRevalidationAndASameOriginContentSecurityPolicy() throws Exception {
        HttpResponse<String> page = get("/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type").orElse("")).startsWith("text/html");
        assertThat(page.body()).contains("<script type=\"module\" src=\"app.js\"></script>", "<label for=\"question\">");
        assertThat(page.headers().firstValue("Cache-Control")).hasValue("no-cache");
        assertThat(page.headers().firstValue("Content-Security-Policy").orElse("")).startsWith("default-src 'self'");
        assertThat(page.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        assertThat(get("/index.html").body()).isEqualTo(page.body());
        for (String file : List.of("/", "/app.js", "/auth.js")) {
            HttpResponse<String> anonymous = HTTP.send(HttpRequest.newBuilder(URI.create(base + file)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(anonymous.statusCode()).as(file + " needs no token: the page asks for it").isEqualTo(200);
        }
    }

    @Test
    void scriptsAndStylesHaveTheirMediaTypes() throws Exception {
        for (String module : List.of("/app.js", "/sse.js", "/markdown.js", "/auth.js")) {
            HttpResponse<String> js = get(module);
            assertThat(js.statusCode()).as(module).isEqualTo(200);
            assertThat(js.headers().firstValue("Content-Type").orElse("")).as(module).endsWith("javascript");
        }
        assertThat(get("/style.css").headers().firstValue("Content-Type").orElse("")).startsWith("text/css");
    }

    @Test
    void anUnchangedFileIsAnswered304NotModified() throws Exception {
        HttpResponse<String> first = get("/app.js");
        String etag = first.headers().firstValue("ETag").orElseThrow();
        HttpResponse<String> again = get("/app.js", "If-None-Match", etag);
        assertThat(again.statusCode()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
    }

    @Test
    void aFileThatIsNotThereOrOutsideTheFolderGetsTheContractsNotFoundAndTheApiIsUntouched() throws Exception {
        HttpResponse<String> missing = get("/nothing-here.js");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains("\"code\":\"NOT_FOUND\"");
        for (String outside : List.of("/../workspace.json", "/%2e%2e/workspace.json", "/..%2fworkspace.json")) {
            assertThat(get(outside).statusCode()).as(outside + " (agent/workspace.json is next to agent/web)").isEqualTo(404);
        }
        HttpResponse<String> skills = get("/api/v1/skills");
        assertThat(skills.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        assertThat(skills.body()).contains("skill-slow-walkthrough");
    }
}
