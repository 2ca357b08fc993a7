#ifndef PORTAL_CJQ_SHIM_H
#define PORTAL_CJQ_SHIM_H
// libjq (Debian libjq-dev, jq 1.6) for Swift. jq's values (`jv`) are reference counted
// by hand and every jv_* call consumes its arguments, so all of that stays here, in a
// handful of calls that hand Swift plain bytes: compile a program (keeping jq's own
// messages), start it on one JSON text, take its outputs one at a time. Only PortalJQ
// imports this module, and it serialises every call (see JQProgram).
#include <jq.h>
#include <jv.h>
#include <stdlib.h>
#include <string.h>

/// A compiled program and the messages jq reported while compiling it.
typedef struct {
    jq_state *jq;
    jv messages; // an array of strings
} portal_jq;

/// jq's error callback: keeps each message (as jq's own command line would print it).
static inline void portal_jq_collect(void *data, jv message) {
    portal_jq *program = (portal_jq *)data;
    message = jq_format_error(message);
    if (jv_get_kind(message) != JV_KIND_STRING) message = jv_dump_string(message, 0);
    program->messages = jv_array_append(program->messages, message);
}

/// A malloc'd copy of the bytes of a jv string (consumed), NUL-terminated; its length in *length.
static inline char *portal_jq_take_string(jv text, size_t *length) {
    int count = jv_string_length_bytes(jv_copy(text));
    char *copy = (char *)malloc((size_t)count + 1);
    if (copy != NULL) {
        memcpy(copy, jv_string_value(text), (size_t)count);
        copy[count] = 0;
    }
    *length = copy == NULL ? 0 : (size_t)count;
    jv_free(text);
    return copy;
}

/// The collected messages (cleared), one a line, malloc'd; NULL when there are none.
static inline char *portal_jq_take_messages(portal_jq *program) {
    jv messages = program->messages;
    program->messages = jv_array();
    if (jv_array_length(jv_copy(messages)) == 0) { jv_free(messages); return NULL; }
    jv joined = jv_string("");
    for (int i = 0; i < jv_array_length(jv_copy(messages)); i++) {
        if (i > 0) joined = jv_string_append_str(joined, "\n");
        jv line = jv_array_get(jv_copy(messages), i);
        joined = jv_string_concat(joined, line);
    }
    jv_free(messages);
    size_t length = 0;
    return portal_jq_take_string(joined, &length);
}

/// Compiles `text`; NULL only when out of memory. On a bad program `*ok` is 0 and the
/// program's messages say why (portal_jq_take_messages); free it with portal_jq_free.
static inline portal_jq *portal_jq_compile(const char *text, int *ok) {
    *ok = 0;
    portal_jq *program = (portal_jq *)calloc(1, sizeof(portal_jq));
    if (program == NULL) return NULL;
    program->messages = jv_array();
    program->jq = jq_init();
    if (program->jq == NULL) { jv_free(program->messages); free(program); return NULL; }
    jq_set_error_cb(program->jq, portal_jq_collect, program);
    *ok = jq_compile(program->jq, text);
    return program;
}

static inline void portal_jq_free(portal_jq *program) {
    if (program == NULL) return;
    jq_teardown(&program->jq);
    jv_free(program->messages);
    free(program);
}

/// Starts the program on one JSON text. 0 when the text is no JSON: *error (malloc'd)
/// then holds the parser's message.
static inline int portal_jq_start(portal_jq *program, const char *json, int length, char **error) {
    *error = NULL;
    jv input = jv_parse_sized(json, length);
    if (!jv_is_valid(input)) {
        jv message = jv_invalid_get_msg(input);
        if (jv_get_kind(message) != JV_KIND_STRING) { jv_free(message); message = jv_string("invalid JSON"); }
        size_t count = 0;
        *error = portal_jq_take_string(message, &count);
        return 0;
    }
    jq_start(program->jq, input, 0);
    return 1;
}

/// What portal_jq_next found.
enum {
    PORTAL_JQ_DONE = 0,
    PORTAL_JQ_VALUE = 1,
    PORTAL_JQ_ERROR = 2,
};

/// The program's next output: PORTAL_JQ_VALUE with *text (malloc'd, *length bytes) the
/// value as compact JSON, or for a string its raw bytes with *is_string 1;
/// PORTAL_JQ_ERROR with *text jq's message (an uncaught error, or `halt_error`) and
/// *exit_code the status jq's command line would exit with (5, or halt_error's);
/// PORTAL_JQ_DONE at the end (`halt` with status 0 too).
static inline int portal_jq_next(portal_jq *program, char **text, size_t *length, int *is_string, int *exit_code) {
    *text = NULL; *length = 0; *is_string = 0; *exit_code = 0;
    jv value = jq_next(program->jq);
    if (jv_is_valid(value)) {
        if (jv_get_kind(value) == JV_KIND_STRING) {
            *is_string = 1;
            *text = portal_jq_take_string(value, length);
        } else {
            *text = portal_jq_take_string(jv_dump_string(value, 0), length);
        }
        return PORTAL_JQ_VALUE;
    }
    if (jq_halted(program->jq)) {
        jv_free(value);
        jv code = jq_get_exit_code(program->jq);
        int status = jv_get_kind(code) == JV_KIND_NUMBER ? (int)jv_number_value(code) : (jv_is_valid(code) ? 5 : 0);
        jv_free(code);
        jv message = jq_get_error_message(program->jq);
        if (status == 0) { jv_free(message); return PORTAL_JQ_DONE; }
        if (jv_get_kind(message) != JV_KIND_STRING) message = jv_is_valid(message) ? jv_dump_string(message, 0) : (jv_free(message), jv_string(""));
        *exit_code = status;
        *text = portal_jq_take_string(message, length);
        return PORTAL_JQ_ERROR;
    }
    if (jv_invalid_has_msg(jv_copy(value))) {
        jv message = jv_invalid_get_msg(value);
        if (jv_get_kind(message) == JV_KIND_STRING) {
            jv formatted = jv_string_fmt("jq: error: %s", jv_string_value(message));
            jv_free(message);
            message = formatted;
        } else {
            jv dumped = jv_dump_string(message, 0);
            message = jv_string_fmt("jq: error (not a string): %s", jv_string_value(dumped));
            jv_free(dumped);
        }
        *exit_code = 5;
        *text = portal_jq_take_string(message, length);
        return PORTAL_JQ_ERROR;
    }
    jv_free(value);
    return PORTAL_JQ_DONE;
}

#endif
