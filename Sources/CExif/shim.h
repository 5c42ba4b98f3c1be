#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>

// The types of the functions ExifLibrary.swift loads with dlsym, from the declarations above.
typedef __typeof__(&exif_data_new_from_file) fsfind_exif_data_new_from_file;
typedef __typeof__(&exif_data_unref) fsfind_exif_data_unref;
typedef __typeof__(&exif_data_get_byte_order) fsfind_exif_data_get_byte_order;
typedef __typeof__(&exif_content_get_entry) fsfind_exif_content_get_entry;
typedef __typeof__(&exif_get_rational) fsfind_exif_get_rational;
