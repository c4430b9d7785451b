#pragma once
#include <curl/curl.h>

// curl_easy_setopt is variadic and cannot be called from Swift: these wrappers give it one fixed signature per
// argument type the fetcher uses.
typedef size_t (*lectern_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*lectern_curl_progress_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                              curl_off_t upload_total, curl_off_t uploaded);

static inline CURLcode lectern_curl_setopt_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode lectern_curl_setopt_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode lectern_curl_setopt_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode lectern_curl_setopt_off_t(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode lectern_curl_setopt_data_callback(CURL *curl, CURLoption option,
                                                         lectern_curl_data_callback value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode lectern_curl_setopt_progress_callback(CURL *curl, CURLoption option,
                                                             lectern_curl_progress_callback value) {
    return curl_easy_setopt(curl, option, value);
}
// curl_easy_getinfo is variadic too.
static inline CURLcode lectern_curl_getinfo_long(CURL *curl, CURLINFO info, long *value) {
    return curl_easy_getinfo(curl, info, value);
}
static inline CURLcode lectern_curl_getinfo_string(CURL *curl, CURLINFO info, char **value) {
    return curl_easy_getinfo(curl, info, value);
}

// curl_share_setopt is variadic as well. The lock callbacks' types, named so Swift can pass C functions.
typedef void (*lectern_curl_lock_callback)(CURL *curl, curl_lock_data data, curl_lock_access access, void *context);
typedef void (*lectern_curl_unlock_callback)(CURL *curl, curl_lock_data data, void *context);

static inline CURLSHcode lectern_curl_share_setopt_long(CURLSH *share, CURLSHoption option, long value) {
    return curl_share_setopt(share, option, value);
}
static inline CURLSHcode lectern_curl_share_setopt_pointer(CURLSH *share, CURLSHoption option, void *value) {
    return curl_share_setopt(share, option, value);
}
static inline CURLSHcode lectern_curl_share_setopt_lock(CURLSH *share, lectern_curl_lock_callback value) {
    return curl_share_setopt(share, CURLSHOPT_LOCKFUNC, value);
}
static inline CURLSHcode lectern_curl_share_setopt_unlock(CURLSH *share, lectern_curl_unlock_callback value) {
    return curl_share_setopt(share, CURLSHOPT_UNLOCKFUNC, value);
}
