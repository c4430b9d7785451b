#pragma once
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlreader.h>

/* xmlFree is a global function pointer, which Swift 6 treats as shared mutable state: call it from C. */
static inline void lectern_xml_free(void *pointer) { xmlFree(pointer); }
