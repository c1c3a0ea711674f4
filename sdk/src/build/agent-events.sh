#!/usr/bin/env bash
# Generates dev.contractkit.sdk.agent.AgentEvent (the sealed interface, one record per event type) and its decoder
# AgentEventDecoder from one definition: every AG-UI event model the AsyncAPI contract generated
# (dev.contractkit.sdk.agent.events.model.FooEvent, not Kit*) gets the record AgentEvent.Foo for type FOO, and the
# kit's CUSTOM events listed in agent-events/kit-events.txt get the record named there. Called by the sdk build
# (exec-maven-plugin, generate-sources, after the event models); never committed.
#
# Usage: agent-events.sh MODELS_SOURCE_ROOT SOURCE_ROOT
set -euo pipefail
[ $# -eq 2 ] || { sed -n '2,8p' "$0" >&2; exit 2; }
MODELS="$1/dev/contractkit/sdk/agent/events/model"
DIR="$2/dev/contractkit/sdk/agent"
TABLE="$(dirname "$0")/agent-events/kit-events.txt"
fail() { printf 'sdk agent events: %s\n' "$*" >&2; exit 1; }
[ -d "$MODELS" ] || fail "no event models in $MODELS (the asyncapi-agent-event-models step runs first)"
mkdir -p "$DIR"

# AG-UI events: RECORD MODEL TYPE, from the generated models' file names
core=()
for f in "$MODELS"/*Event.java; do
  model="$(basename "$f" .java)"
  case "$model" in Kit*) continue ;; esac
  record="${model%Event}"
  type="$(printf '%s' "$record" | sed -E 's/([a-z0-9])([A-Z])/\1_\2/g' | tr '[:lower:]' '[:upper:]')"
  core+=("$record $model $type")
done
[ ${#core[@]} -gt 0 ] || fail "no *Event model in $MODELS"
# kit events: NAME RECORD MODEL VALUE
kit=()
while read -r name record model value; do
  [ -f "$MODELS/$model.java" ] || fail "$TABLE: no generated model $model for $name"
  kit+=("$name $record $model $value")
done < <(grep -v '^\s*\(#\|$\)' "$TABLE")

imports() {
  { for e in "${core[@]}"; do set -- $e; echo "$2"; done
    for e in "${kit[@]}"; do set -- $e; echo "$3"; echo "$4"; done; } \
  | sort -u | sed 's/^/import dev.contractkit.sdk.agent.events.model./; s/$/;/'
}

{
cat <<'EOF'
package dev.contractkit.sdk.agent;

import com.fasterxml.jackson.databind.JsonNode;
EOF
imports
cat <<'EOF'

/**
 * One AG-UI 1.0 event of an agent run (contract {@code specs/asyncapi/agent-events.yaml}): one record per event
 * type, each holding the model generated from the AsyncAPI document and the JSON as received; the kit's CUSTOM
 * events ({@code kit.*}) have records of their own; a type this SDK does not know is {@link Unknown}.
 *
 * <pre>{@code
 * for (AgentEvent e : run) {
 *     switch (e) {
 *         case AgentEvent.TextMessageContent c -> System.out.print(c.event().getDelta());
 *         case AgentEvent.ArtifactCreated a -> System.out.println("artifact " + a.value().getDownloadPath());
 *         case AgentEvent.RunError err -> System.err.println(err.event().getCode());
 *         default -> { }
 *     }
 * }
 * }</pre>
 */
public sealed interface AgentEvent {
    /** @return the event's {@code type}, e.g. {@code TEXT_MESSAGE_CONTENT} */
    String type();

    /** @return the event as received */
    JsonNode json();
EOF
# one record: RECORD MODEL TYPE TITLE [VALUE] (a kit event's record also offers its value)
record() {
  local value_doc=""
  [ -z "${5:-}" ] || value_doc=" ({@code value()} is the $5)"
  printf '\n    /**\n     * %s.\n     *\n     * @param event the generated model%s\n     * @param json the event as received\n     */\n' "$4" "$value_doc"
  printf '    record %s(%s event, JsonNode json) implements AgentEvent {\n' "$1" "$2"
  printf '        @Override\n        public String type() {\n            return "%s";\n        }\n' "$3"
  [ -z "${5:-}" ] || printf '\n        /** @return the event'"'"'s value */\n        public %s value() {\n            return event.getValue();\n        }\n' "$5"
  printf '    }\n'
}
for e in "${core[@]}"; do set -- $e; record "$1" "$2" "$3" "{@code $3}"; done
for e in "${kit[@]}"; do set -- $e; record "$2" "$3" CUSTOM "CUSTOM {@code $1}" "$4"; done
cat <<'EOF'

    /**
     * An event whose type this SDK does not know, or that does not fit its model.
     *
     * @param type its type
     * @param json the event
     */
    record Unknown(String type, JsonNode json) implements AgentEvent {
    }
}
EOF
} > "$DIR/AgentEvent.java"

{
cat <<'EOF'
package dev.contractkit.sdk.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.sdk.internal.Http;
EOF
imports | grep 'Event;$'
cat <<'EOF'

import java.io.IOException;

/** Maps one event's JSON onto its {@link AgentEvent} record through the generated models. */
final class AgentEventDecoder {
    private AgentEventDecoder() {
    }

    static AgentEvent decode(JsonNode json) {
        String type = json.path("type").asText("");
        try {
            if (type.equals("CUSTOM")) {
                AgentEvent kit = switch (json.path("name").asText("")) {
EOF
for e in "${kit[@]}"; do set -- $e
echo "                    case \"$1\" -> new AgentEvent.$2(read(json, $3.class), json);"
done
cat <<'EOF'
                    default -> null;
                };
                if (kit != null) {
                    return kit;
                }
            }
            return switch (type) {
EOF
for e in "${core[@]}"; do set -- $e
echo "                case \"$3\" -> new AgentEvent.$1(read(json, $2.class), json);"
done
cat <<'EOF'
                default -> new AgentEvent.Unknown(type, json);
            };
        } catch (IOException | IllegalArgumentException broken) {
            return new AgentEvent.Unknown(type, json);
        }
    }

    private static <M> M read(JsonNode json, Class<M> type) throws IOException {
        return Http.MAPPER.treeToValue(json, type);
    }
}
EOF
} > "$DIR/AgentEventDecoder.java"
echo "sdk agent events: generated AgentEvent (${#core[@]} AG-UI and ${#kit[@]} kit records) and AgentEventDecoder into $DIR"
