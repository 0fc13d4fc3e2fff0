import java.io.File;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;

/**
 * Validates an XML file against an XML Schema with the JDK's validator:
 * {@code java tests/tools/XsdValidate.java SCHEMA.xsd FILE.xml} prints
 * "valid" and exits 0, or prints the first error and exits 1.
 */
public class XsdValidate {
    public static void main(String[] args) throws Exception {
        var factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        var validator = factory.newSchema(new File(args[0])).newValidator();
        try {
            validator.validate(new StreamSource(new File(args[1])));
            System.out.println("valid");
        } catch (org.xml.sax.SAXParseException e) {
            System.out.println(args[1] + ":" + e.getLineNumber() + ":" + e.getColumnNumber() + ": " + e.getMessage());
            System.exit(1);
        }
    }
}
