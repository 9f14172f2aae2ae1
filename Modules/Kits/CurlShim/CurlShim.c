#include "CurlShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __APPLE__
#define CURLSHIM_LIBRARY "libcurl.4.dylib"
#else
#define CURLSHIM_LIBRARY "libcurl.so.4"
#endif

/// The libcurl functions the app calls, looked up once in the loaded library.
static struct {
  CURLcode (*global_init)(long flags);
  curl_version_info_data *(*version_info)(CURLversion version);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *handle);
  const char *(*easy_strerror)(CURLcode code);
  CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
  CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
  struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
  void (*slist_free_all)(struct curl_slist *list);
  CURLM *(*multi_init)(void);
  CURLMcode (*multi_cleanup)(CURLM *multi);
  CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
  CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
  CURLMcode (*multi_perform)(CURLM *multi, int *running);
  CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd extra[], unsigned count, int timeout_ms, int *ready);
  CURLMcode (*multi_wakeup)(CURLM *multi);
  const char *(*multi_strerror)(CURLMcode code);
  CURLMcode (*multi_setopt)(CURLM *multi, CURLMoption option, ...);
  CURLMsg *(*multi_info_read)(CURLM *multi, int *remaining);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static CURLcode load_result = CURLE_FAILED_INIT;
static char load_error[512];

/// Looks `name` up in `library` into `*slot`; on failure records why and answers 0.
static int resolve(void *library, const char *name, void **slot) {
  *slot = dlsym(library, name);
  if (*slot == NULL) {
    const char *reason = dlerror();
    snprintf(load_error, sizeof load_error, "%s", reason != NULL ? reason : name);
    return 0;
  }
  return 1;
}

static void load(void) {
  void *library = dlopen(CURLSHIM_LIBRARY, RTLD_LAZY | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(load_error, sizeof load_error, "%s", reason != NULL ? reason : CURLSHIM_LIBRARY " could not be loaded");
    return;
  }
#define RESOLVE(field, name)                                                                                           \
  if (!resolve(library, name, (void **)&api.field)) return;
  RESOLVE(global_init, "curl_global_init")
  RESOLVE(version_info, "curl_version_info")
  RESOLVE(easy_init, "curl_easy_init")
  RESOLVE(easy_cleanup, "curl_easy_cleanup")
  RESOLVE(easy_strerror, "curl_easy_strerror")
  RESOLVE(easy_setopt, "curl_easy_setopt")
  RESOLVE(easy_getinfo, "curl_easy_getinfo")
  RESOLVE(slist_append, "curl_slist_append")
  RESOLVE(slist_free_all, "curl_slist_free_all")
  RESOLVE(multi_init, "curl_multi_init")
  RESOLVE(multi_cleanup, "curl_multi_cleanup")
  RESOLVE(multi_add_handle, "curl_multi_add_handle")
  RESOLVE(multi_remove_handle, "curl_multi_remove_handle")
  RESOLVE(multi_perform, "curl_multi_perform")
  RESOLVE(multi_poll, "curl_multi_poll")
  RESOLVE(multi_wakeup, "curl_multi_wakeup")
  RESOLVE(multi_strerror, "curl_multi_strerror")
  RESOLVE(multi_setopt, "curl_multi_setopt")
  RESOLVE(multi_info_read, "curl_multi_info_read")
#undef RESOLVE
  load_result = api.global_init(CURL_GLOBAL_DEFAULT);
}

/// Whether libcurl is loaded and initialised; every entry point but `curlshim_global_init` checks it.
static int ready(void) {
  pthread_once(&load_once, load);
  return load_result == CURLE_OK;
}

CURLcode curlshim_global_init(void) {
  pthread_once(&load_once, load);
  return load_result;
}

const char *curlshim_load_error(void) {
  pthread_once(&load_once, load);
  return load_error[0] != '\0' ? load_error : NULL;
}

size_t curlshim_error_buffer_size(void) { return CURL_ERROR_SIZE; }

int curlshim_supports_http2(void) {
  if (!ready()) return 0;
  const curl_version_info_data *info = api.version_info(CURLVERSION_NOW);
  return info != NULL && (info->features & CURL_VERSION_HTTP2) != 0;
}

CURL *curlshim_easy_init(void) { return ready() ? api.easy_init() : NULL; }

void curlshim_easy_cleanup(CURL *handle) {
  if (ready()) api.easy_cleanup(handle);
}

const char *curlshim_easy_strerror(CURLcode code) {
  return ready() ? api.easy_strerror(code) : "libcurl is not loaded";
}

struct curl_slist *curlshim_slist_append(struct curl_slist *list, const char *string) {
  return ready() ? api.slist_append(list, string) : NULL;
}

void curlshim_slist_free_all(struct curl_slist *list) {
  if (ready()) api.slist_free_all(list);
}

CURLM *curlshim_multi_init(void) { return ready() ? api.multi_init() : NULL; }

CURLMcode curlshim_multi_cleanup(CURLM *multi) { return ready() ? api.multi_cleanup(multi) : CURLM_INTERNAL_ERROR; }

CURLMcode curlshim_multi_add_handle(CURLM *multi, CURL *handle) {
  return ready() ? api.multi_add_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}

CURLMcode curlshim_multi_remove_handle(CURLM *multi, CURL *handle) {
  return ready() ? api.multi_remove_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}

CURLMcode curlshim_multi_perform(CURLM *multi, int *running) {
  return ready() ? api.multi_perform(multi, running) : CURLM_INTERNAL_ERROR;
}

CURLMcode curlshim_multi_poll(CURLM *multi, int timeout_ms, int *ready_count) {
  return ready() ? api.multi_poll(multi, NULL, 0, timeout_ms, ready_count) : CURLM_INTERNAL_ERROR;
}

CURLMcode curlshim_multi_wakeup(CURLM *multi) { return ready() ? api.multi_wakeup(multi) : CURLM_INTERNAL_ERROR; }

const char *curlshim_multi_strerror(CURLMcode code) {
  return ready() ? api.multi_strerror(code) : "libcurl is not loaded";
}

CURLcode curlshim_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return ready() ? api.easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

CURLcode curlshim_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return ready() ? api.easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

CURLcode curlshim_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return ready() ? api.easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

CURLcode curlshim_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
  return ready() ? api.easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

CURLcode curlshim_easy_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback callback) {
  return ready() ? api.easy_setopt(handle, option, callback) : CURLE_FAILED_INIT;
}

CURLcode curlshim_easy_setopt_xferinfo_callback(CURL *handle, CURLoption option, curl_xferinfo_callback callback) {
  return ready() ? api.easy_setopt(handle, option, callback) : CURLE_FAILED_INIT;
}

CURLcode curlshim_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return ready() ? api.easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}

CURLcode curlshim_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
  char *result = NULL;
  CURLcode code = ready() ? api.easy_getinfo(handle, info, &result) : CURLE_FAILED_INIT;
  *value = result;
  return code;
}

CURLcode curlshim_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
  return ready() ? api.easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}

CURLMcode curlshim_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return ready() ? api.multi_setopt(multi, option, value) : CURLM_INTERNAL_ERROR;
}

int curlshim_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result) {
  if (!ready()) return 0;
  int remaining = 0;
  CURLMsg *message;
  while ((message = api.multi_info_read(multi, &remaining)) != NULL) {
    if (message->msg == CURLMSG_DONE) {
      *easy = message->easy_handle;
      *result = message->data.result;
      return 1;
    }
  }
  return 0;
}
