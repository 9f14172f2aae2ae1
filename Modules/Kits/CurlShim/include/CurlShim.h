#ifndef CURL_SHIM_H
#define CURL_SHIM_H

// The app's only door to libcurl. libcurl is not linked: it is loaded with dlopen the first time a request is
// made, so that the commands that make none (`--version`, `--help`, completions, offline reads) do not pay for
// loading it and the thirty-odd libraries it needs. Every entry point here goes through that loaded library.
//
// Beside the plain calls, there are non-variadic, typed wrappers around libcurl's variadic entry points
// (`curl_easy_setopt`, `curl_easy_getinfo`, `curl_multi_setopt`), which Swift cannot call directly, plus the
// few macros and unions Swift does not import well.

#include <curl/curl.h>

/// Loads libcurl (once per process) and runs `curl_global_init(CURL_GLOBAL_DEFAULT)`.
///
/// Returns `CURLE_OK`, `CURLE_FAILED_INIT` when the library could not be loaded (see
/// `curlshim_load_error`), or `curl_global_init`'s own error. Every later call answers the same. Until it has
/// returned `CURLE_OK`, the other functions fail: a `NULL` handle, `CURLE_FAILED_INIT` or
/// `CURLM_INTERNAL_ERROR`.
CURLcode curlshim_global_init(void);

/// Why libcurl could not be loaded (`dlerror`'s text), or `NULL` if it was.
const char *curlshim_load_error(void);

/// The size of the buffer `CURLOPT_ERRORBUFFER` needs (`CURL_ERROR_SIZE`).
size_t curlshim_error_buffer_size(void);

/// Whether the loaded libcurl was built with HTTP/2 support.
int curlshim_supports_http2(void);

/// `curl_easy_init`.
CURL *curlshim_easy_init(void);

/// `curl_easy_cleanup`.
void curlshim_easy_cleanup(CURL *handle);

/// `curl_easy_strerror`.
const char *curlshim_easy_strerror(CURLcode code);

/// `curl_slist_append`.
struct curl_slist *curlshim_slist_append(struct curl_slist *list, const char *string);

/// `curl_slist_free_all`.
void curlshim_slist_free_all(struct curl_slist *list);

/// `curl_multi_init`.
CURLM *curlshim_multi_init(void);

/// `curl_multi_cleanup`.
CURLMcode curlshim_multi_cleanup(CURLM *multi);

/// `curl_multi_add_handle`.
CURLMcode curlshim_multi_add_handle(CURLM *multi, CURL *handle);

/// `curl_multi_remove_handle`.
CURLMcode curlshim_multi_remove_handle(CURLM *multi, CURL *handle);

/// `curl_multi_perform`.
CURLMcode curlshim_multi_perform(CURLM *multi, int *running);

/// `curl_multi_poll` without extra file descriptors.
CURLMcode curlshim_multi_poll(CURLM *multi, int timeout_ms, int *ready);

/// `curl_multi_wakeup`.
CURLMcode curlshim_multi_wakeup(CURLM *multi);

/// `curl_multi_strerror`.
const char *curlshim_multi_strerror(CURLMcode code);

/// `curl_easy_setopt` for options that take a `long`.
CURLcode curlshim_easy_setopt_long(CURL *handle, CURLoption option, long value);

/// `curl_easy_setopt` for options that take a C string (libcurl copies it).
CURLcode curlshim_easy_setopt_string(CURL *handle, CURLoption option, const char *value);

/// `curl_easy_setopt` for options that take a data pointer (`CURLOPT_WRITEDATA`, `CURLOPT_HTTPHEADER`...).
CURLcode curlshim_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);

/// `curl_easy_setopt` for options that take a `curl_off_t`.
CURLcode curlshim_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);

/// `curl_easy_setopt` for `CURLOPT_WRITEFUNCTION` and `CURLOPT_HEADERFUNCTION`.
CURLcode curlshim_easy_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback callback);

/// `curl_easy_setopt` for `CURLOPT_XFERINFOFUNCTION`.
CURLcode curlshim_easy_setopt_xferinfo_callback(CURL *handle, CURLoption option, curl_xferinfo_callback callback);

/// `curl_easy_getinfo` for infos that answer a `long` (`CURLINFO_RESPONSE_CODE`...).
CURLcode curlshim_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);

/// `curl_easy_getinfo` for infos that answer a C string owned by the handle.
CURLcode curlshim_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value);

/// `curl_easy_getinfo` for infos that answer a `curl_off_t`.
CURLcode curlshim_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);

/// `curl_multi_setopt` for options that take a `long`.
CURLMcode curlshim_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

/// Reads the next finished transfer from `curl_multi_info_read`, skipping other messages.
///
/// Returns 1 and fills `easy` and `result` when a transfer finished, 0 when none is left.
int curlshim_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result);

#endif
