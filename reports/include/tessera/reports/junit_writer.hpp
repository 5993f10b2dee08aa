// JUnit XML (the Jenkins/Ant shape, reports/junit.xsd): what CI systems show as test results. One
// testsuite per backend run ("conformance.<backend>") and one per diff ("conformance.diff.<backend>").
#pragma once

#include <tessera/reports/reports.hpp>

#include <string>

namespace tessera::reports {

// The document, UTF-8, valid against reports/junit.xsd whatever the strings in the results hold.
std::string junit_xml(const report_input& input);

}  // namespace tessera::reports
